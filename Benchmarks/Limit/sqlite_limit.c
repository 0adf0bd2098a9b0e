/*
 * sqlite_limit: the SQL of the lab's `raw-sqlite` row, in C, with nothing around it.
 *
 * It runs the `point-read` and `import` scenarios of `lab bench` the way the row does:
 * the same file settings (WAL, synchronous=NORMAL, foreign_keys=ON, a 5 s busy timeout),
 * the same schema and statements (Sources/NoteStore/SQLite/NoteSchema.swift), prepared
 * once and kept, the same data (the lab's generator, SplitMix64 and the word list, so the
 * same rows of the same sizes), the same operation counts, one transaction per import
 * batch, and a point read that is one SELECT by primary key whose five column values are
 * all read and fed into the same digest as the lab's `Checksum`
 * (Sources/Workload/Checksum.swift). What it measures is what the row could reach if its
 * Swift cost nothing: the limit the row is compared with.
 *
 * Like `lab bench`, each scenario gets a warm-up run (a tenth of the operations, the next
 * seed), then N measured runs, each on a fresh temporary database file with the setup
 * data written first; only the operations are timed. It prints operations per second:
 * the median over the runs, with min and max. After each run it reads the database back
 * and computes the lab's content checksum, which must equal the `reference_checksum` the
 * lab reports for the same scenario and seed: a check that both wrote the same data.
 *
 * With --idle-thread it first starts one thread that only sleeps. A Swift program that
 * uses concurrency always has more than one thread, and that alone makes every system
 * call on a file descriptor dearer: Linux looks a descriptor up without touching its
 * reference count only while no other thread shares the descriptor table (`__fget_light`
 * in the kernel's fs/file.c), and SQLite makes two `fcntl` lock calls per read. The row is
 * compared with both: the single-threaded limit and the limit of a process shaped like
 * the lab's.
 *
 * With --list-read SIZES it measures something else: the ceiling of parallel reads. It
 * writes the seeded notes once, then reads lists of each size (list-read's operation: the
 * count and the first titles by identifier, in one read transaction) on one read-only
 * connection, and on several at once, each on a thread of its own, interleaved, and
 * prints how many times faster several are: what a pool of readers can win on this
 * machine when nothing around SQLite costs anything.
 *
 * Build: cc -O2 -std=c11 -pthread -o sqlite_limit sqlite_limit.c -lsqlite3 -lm
 * (Scripts/bench-limit.sh does it; never `swift build`).
 */

#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE

#include <math.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

/* ---- The lab's constants (Sources/Workload/Scenario.swift, ScenarioPlan.swift) ---- */

enum {
    FOLDER_COUNT = 10,
    SEEDED_NOTE_COUNT = 1000,
    BATCH_SIZE = 100,
    POINT_READ_OPERATIONS = 10000,
    IMPORT_OPERATIONS = 200,
};

static const char *const SCHEMA =
    "CREATE TABLE IF NOT EXISTS folder ("
    "    id INTEGER PRIMARY KEY,"
    "    name TEXT NOT NULL UNIQUE"
    ");"
    "CREATE TABLE IF NOT EXISTS note ("
    "    id INTEGER PRIMARY KEY,"
    "    folder_id INTEGER NOT NULL REFERENCES folder(id),"
    "    title TEXT NOT NULL,"
    "    body TEXT NOT NULL,"
    "    created REAL NOT NULL,"
    "    modified REAL NOT NULL"
    ");"
    "CREATE INDEX IF NOT EXISTS note_folder ON note(folder_id);";

static const char *const INSERT_FOLDER = "INSERT INTO folder (id, name) VALUES (?1, ?2)";
static const char *const INSERT_NOTE =
    "INSERT INTO note (id, folder_id, title, body, created, modified) VALUES (?1, ?2, ?3, ?4, ?5, ?6)";
static const char *const SELECT_NOTE = "SELECT folder_id, title, body, created, modified FROM note WHERE id = ?1";
static const char *const SELECT_ALL_FOLDERS = "SELECT id, name FROM folder ORDER BY id";
static const char *const SELECT_ALL_NOTES = "SELECT id, folder_id, title, body, created, modified FROM note ORDER BY id";

/* ---- Errors ---- */

static void die(const char *what, sqlite3 *db) {
    fprintf(stderr, "sqlite_limit: %s: %s\n", what, db ? sqlite3_errmsg(db) : "");
    exit(1);
}

static void check(int code, const char *what, sqlite3 *db) {
    if (code != SQLITE_OK) die(what, db);
}

/* ---- SplitMix64 and the text generator (ScenarioPlan.swift) ---- */

typedef struct { uint64_t state; } SplitMix64;

static uint64_t splitmix_next(SplitMix64 *r) {
    r->state += 0x9E3779B97F4A7C15ULL;
    uint64_t z = r->state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int64_t splitmix_in(SplitMix64 *r, int64_t low, int64_t high) {
    uint64_t width = (uint64_t)(high - low) + 1;
    return low + (int64_t)(((unsigned __int128)splitmix_next(r) * width) >> 64);
}

static const char *const WORDS[16] = {
    "actor", "queue", "context", "executor", "snapshot", "identifier", "fault", "closure",
    "isolation", "transaction", "folder", "journal", "wake-up", "hop", "perform", "model",
};

static const int64_t EPOCH = 1700000000;

typedef struct {
    int64_t id, folder;
    char *title, *body;
    int title_length, body_length;
    double created, modified;
} Note;

/* Appends `count` words joined by spaces to `out` (which has room) and returns the length. */
static int phrase(SplitMix64 *r, int count, char *out) {
    int length = 0;
    for (int i = 0; i < count; i++) {
        const char *word = WORDS[splitmix_in(r, 0, 15)];
        if (i > 0) out[length++] = ' ';
        size_t n = strlen(word);
        memcpy(out + length, word, n);
        length += (int)n;
    }
    out[length] = 0;
    return length;
}

static Note generate_note(SplitMix64 *text, int64_t id) {
    char buffer[512];
    Note note;
    note.id = id;
    note.folder = splitmix_in(text, 1, FOLDER_COUNT);
    int prefix = snprintf(buffer, sizeof buffer, "Note %lld: ", (long long)id);
    note.title_length = prefix + phrase(text, 3, buffer + prefix);
    note.title = strdup(buffer);
    note.body_length = phrase(text, 24, buffer);
    note.body = strdup(buffer);
    note.created = note.modified = (double)(EPOCH + id * 60);
    return note;
}

/* ---- The lab's Checksum (Sources/Workload/Checksum.swift) ---- */

static const uint64_t CHECKSUM_INITIAL = 0xcbf29ce484222325ULL;
static const uint64_t CHECKSUM_MULTIPLIER = 0xc6a4a7935bd1e995ULL;

static inline void mix(uint64_t *h, uint64_t word) {
    word *= CHECKSUM_MULTIPLIER;
    word ^= word >> 47;
    word *= CHECKSUM_MULTIPLIER;
    *h = (*h ^ word) * CHECKSUM_MULTIPLIER;
}

static inline void combine_int(uint64_t *h, int64_t value) { mix(h, (uint64_t)value); }

static inline void combine_text(uint64_t *h, const unsigned char *bytes, int length) {
    mix(h, (uint64_t)length);
    int offset = 0;
    for (; offset + 8 <= length; offset += 8) {
        uint64_t word;
        memcpy(&word, bytes + offset, 8); /* little-endian machines only, as the lab's targets */
        mix(h, word);
    }
    if (offset < length) {
        uint64_t tail = 0;
        for (int i = offset; i < length; i++) tail |= (uint64_t)bytes[i] << (8 * (i - offset));
        mix(h, tail);
    }
}

static inline void combine_date(uint64_t *h, double seconds) { combine_int(h, (int64_t)round(seconds * 1000)); }

/* ---- One database ---- */

typedef struct {
    sqlite3 *db;
    sqlite3_stmt *begin, *commit, *insert_folder, *insert_note, *select_note;
} Database;

static sqlite3_stmt *prepare(sqlite3 *db, const char *sql) {
    sqlite3_stmt *statement = NULL;
    check(sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &statement, NULL), sql, db);
    return statement;
}

/* Opens the file as SQLiteConnection does, and prepares the statements once. */
static Database open_database(const char *path) {
    Database d = {0};
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI;
    if (sqlite3_open_v2(path, &d.db, flags, NULL) != SQLITE_OK) die("open", d.db);
    sqlite3_busy_timeout(d.db, 5000);
    sqlite3_extended_result_codes(d.db, 1);
    check(sqlite3_exec(d.db, "SELECT count(*) FROM sqlite_master", NULL, NULL, NULL), "read schema", d.db);
    check(sqlite3_exec(d.db, "PRAGMA journal_mode=WAL", NULL, NULL, NULL), "journal_mode", d.db);
    check(sqlite3_exec(d.db, "PRAGMA synchronous=NORMAL", NULL, NULL, NULL), "synchronous", d.db);
    check(sqlite3_exec(d.db, "PRAGMA foreign_keys=ON", NULL, NULL, NULL), "foreign_keys", d.db);
    check(sqlite3_exec(d.db, SCHEMA, NULL, NULL, NULL), "schema", d.db);
    d.begin = prepare(d.db, "BEGIN IMMEDIATE");
    d.commit = prepare(d.db, "COMMIT");
    d.insert_folder = prepare(d.db, INSERT_FOLDER);
    d.insert_note = prepare(d.db, INSERT_NOTE);
    d.select_note = prepare(d.db, SELECT_NOTE);
    return d;
}

static void close_database(Database *d) {
    sqlite3_finalize(d->begin);
    sqlite3_finalize(d->commit);
    sqlite3_finalize(d->insert_folder);
    sqlite3_finalize(d->insert_note);
    sqlite3_finalize(d->select_note);
    if (sqlite3_close(d->db) != SQLITE_OK) die("close", d->db);
}

static void run_done(sqlite3_stmt *statement, sqlite3 *db, const char *what) {
    if (sqlite3_step(statement) != SQLITE_DONE) die(what, db);
    sqlite3_reset(statement);
}

/* One batch in one transaction: the import scenario's operation. */
static void import_batch(Database *d, const Note *notes, int count) {
    run_done(d->begin, d->db, "begin");
    for (int i = 0; i < count; i++) {
        const Note *n = &notes[i];
        sqlite3_stmt *s = d->insert_note;
        sqlite3_bind_int64(s, 1, n->id);
        sqlite3_bind_int64(s, 2, n->folder);
        sqlite3_bind_text(s, 3, n->title, n->title_length, SQLITE_STATIC);
        sqlite3_bind_text(s, 4, n->body, n->body_length, SQLITE_STATIC);
        sqlite3_bind_double(s, 5, n->created);
        sqlite3_bind_double(s, 6, n->modified);
        run_done(s, d->db, "insert note");
    }
    run_done(d->commit, d->db, "commit");
}

static void import_folders(Database *d) {
    run_done(d->begin, d->db, "begin");
    for (int64_t id = 1; id <= FOLDER_COUNT; id++) {
        char name[32];
        int length = snprintf(name, sizeof name, "Folder %lld", (long long)id);
        sqlite3_bind_int64(d->insert_folder, 1, id);
        sqlite3_bind_text(d->insert_folder, 2, name, length, SQLITE_TRANSIENT);
        run_done(d->insert_folder, d->db, "insert folder");
    }
    run_done(d->commit, d->db, "commit");
}

/* One point read: one SELECT by primary key; every column value is read into the digest
 * (or, with --no-digest, only touched). */
static int digest_reads = 1;
static uint64_t touched;

static void point_read(Database *d, int64_t id, uint64_t *reads) {
    sqlite3_stmt *s = d->select_note;
    sqlite3_bind_int64(s, 1, id);
    if (sqlite3_step(s) != SQLITE_ROW) die("point read: no row", d->db);
    int64_t folder = sqlite3_column_int64(s, 0);
    const unsigned char *title = sqlite3_column_text(s, 1);
    int title_length = sqlite3_column_bytes(s, 1);
    const unsigned char *body = sqlite3_column_text(s, 2);
    int body_length = sqlite3_column_bytes(s, 2);
    double created = sqlite3_column_double(s, 3);
    double modified = sqlite3_column_double(s, 4);
    if (digest_reads) {
        combine_int(reads, id);
        combine_int(reads, folder);
        combine_text(reads, title, title_length);
        combine_text(reads, body, body_length);
        combine_date(reads, created);
        combine_date(reads, modified);
    } else {
        touched += (uint64_t)folder + (uint64_t)title_length + (uint64_t)body_length + title[0] + body[0]
            + (uint64_t)created + (uint64_t)modified;
    }
    sqlite3_reset(s);
}

/* The lab's content checksum: folders, then notes, each in identifier order. */
static uint64_t content_checksum(sqlite3 *db) {
    uint64_t h = CHECKSUM_INITIAL;
    sqlite3_stmt *s;
    int64_t folders = 0, notes = 0;
    s = prepare(db, "SELECT count(*) FROM folder");
    if (sqlite3_step(s) == SQLITE_ROW) folders = sqlite3_column_int64(s, 0);
    sqlite3_finalize(s);
    combine_int(&h, folders);
    s = prepare(db, SELECT_ALL_FOLDERS);
    while (sqlite3_step(s) == SQLITE_ROW) {
        combine_int(&h, sqlite3_column_int64(s, 0));
        combine_text(&h, sqlite3_column_text(s, 1), sqlite3_column_bytes(s, 1));
    }
    sqlite3_finalize(s);
    s = prepare(db, "SELECT count(*) FROM note");
    if (sqlite3_step(s) == SQLITE_ROW) notes = sqlite3_column_int64(s, 0);
    sqlite3_finalize(s);
    combine_int(&h, notes);
    s = prepare(db, SELECT_ALL_NOTES);
    while (sqlite3_step(s) == SQLITE_ROW) {
        combine_int(&h, sqlite3_column_int64(s, 0));
        combine_int(&h, sqlite3_column_int64(s, 1));
        combine_text(&h, sqlite3_column_text(s, 2), sqlite3_column_bytes(s, 2));
        combine_text(&h, sqlite3_column_text(s, 3), sqlite3_column_bytes(s, 3));
        combine_date(&h, sqlite3_column_double(s, 4));
        combine_date(&h, sqlite3_column_double(s, 5));
    }
    sqlite3_finalize(s);
    return h;
}

/* ---- A plan and a run ---- */

typedef enum { POINT_READ, IMPORT } Scenario;

typedef struct {
    Scenario scenario;
    int operations;
    Note *notes;      /* setup notes (point-read) or every imported note (import) */
    int note_count;
    int64_t *ids;     /* point-read: the key of each operation */
} Plan;

/* The plan `lab bench` builds for one client (ScenarioPlan.init). */
static Plan make_plan(Scenario scenario, int operations, uint64_t seed) {
    Plan p = {scenario, operations, NULL, 0, NULL};
    SplitMix64 text = {seed ^ 0x5EED};
    SplitMix64 client = {seed}; /* client 0: seed + 0 * 0x9E3779B9 */
    if (scenario == POINT_READ) {
        p.note_count = SEEDED_NOTE_COUNT;
        p.notes = malloc(sizeof(Note) * (size_t)p.note_count);
        for (int i = 0; i < p.note_count; i++) p.notes[i] = generate_note(&text, i + 1);
        p.ids = malloc(sizeof(int64_t) * (size_t)operations);
        for (int i = 0; i < operations; i++) p.ids[i] = splitmix_in(&client, 1, SEEDED_NOTE_COUNT);
    } else {
        p.note_count = operations * BATCH_SIZE;
        p.notes = malloc(sizeof(Note) * (size_t)p.note_count);
        for (int i = 0; i < p.note_count; i++) p.notes[i] = generate_note(&text, SEEDED_NOTE_COUNT + 1 + i);
    }
    return p;
}

static void free_plan(Plan *p) {
    for (int i = 0; i < p->note_count; i++) {
        free(p->notes[i].title);
        free(p->notes[i].body);
    }
    free(p->notes);
    free(p->ids);
}

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* CPU time of the process, user + system, in seconds: what the lab reports as cpu µs/op. */
static double cpu_seconds(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + (double)(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

/* What one run measured. */
typedef struct {
    double throughput;     /* operations per wall second */
    double cpu_us_per_op;  /* CPU microseconds per operation */
} RunResult;

static char folder_path[4096];
static int run_number;

static void remove_database(const char *path) {
    char name[4200];
    const char *suffixes[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3; i++) {
        snprintf(name, sizeof name, "%s%s", path, suffixes[i]);
        unlink(name);
    }
}

/* One run on a fresh file: setup (not timed), the operations (timed), the read-back. */
static RunResult run_plan(const Plan *p, uint64_t *checksum, uint64_t *reads) {
    char path[4200];
    snprintf(path, sizeof path, "%s/limit-%d.sqlite", folder_path, run_number++);
    remove_database(path);
    Database d = open_database(path);
    import_folders(&d);
    if (p->scenario == POINT_READ) {
        for (int i = 0; i < p->note_count; i += BATCH_SIZE) import_batch(&d, p->notes + i, BATCH_SIZE);
    }

    uint64_t client_reads = CHECKSUM_INITIAL;
    double cpu_start = cpu_seconds();
    double start = now_seconds();
    if (p->scenario == POINT_READ) {
        for (int i = 0; i < p->operations; i++) point_read(&d, p->ids[i], &client_reads);
    } else {
        for (int i = 0; i < p->operations; i++) import_batch(&d, p->notes + (size_t)i * BATCH_SIZE, BATCH_SIZE);
    }
    double elapsed = now_seconds() - start;
    double cpu = cpu_seconds() - cpu_start;

    *reads = CHECKSUM_INITIAL;
    combine_int(reads, (int64_t)client_reads); /* the runner combines each client's digest */
    *checksum = content_checksum(d.db);
    close_database(&d);
    remove_database(path);
    return (RunResult){(double)p->operations / elapsed, cpu * 1e6 / (double)p->operations};
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_of_sorted(const double *values, int count) {
    return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}

/* ---- The list-read ceiling: list reads on several read-only connections at once ---- */

/* list-read's operation (NoteContext.listScreen(titles:)): the count of the notes and the
 * first titles by identifier, here in one read transaction, as a pool's reader reads one
 * snapshot. */
static const char *const COUNT_NOTES = "SELECT count(*) FROM note";
static const char *const FIRST_TITLES = "SELECT title FROM note ORDER BY id LIMIT ?1";

typedef struct {
    const char *path;
    int titles, operations;
    pthread_barrier_t *start;
    int64_t rows_read; /* titles read, or -1 once a count was not SEEDED_NOTE_COUNT */
    uint64_t digest;   /* of what it read, so that the reads are not optimized away */
} ListReader;

/* One connection's share: opened read-only and prepared before the start, then its reads. */
static void *read_lists(void *argument) {
    ListReader *r = argument;
    sqlite3 *db = NULL;
    if (sqlite3_open_v2(r->path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) die("open", db);
    sqlite3_busy_timeout(db, 5000);
    sqlite3_stmt *begin = prepare(db, "BEGIN"), *commit = prepare(db, "COMMIT");
    sqlite3_stmt *count = prepare(db, COUNT_NOTES), *titles = prepare(db, FIRST_TITLES);
    uint64_t digest = CHECKSUM_INITIAL;
    pthread_barrier_wait(r->start);
    for (int i = 0; i < r->operations; i++) {
        run_done(begin, db, "begin");
        if (sqlite3_step(count) != SQLITE_ROW) die("count", db);
        if (sqlite3_column_int64(count, 0) != SEEDED_NOTE_COUNT) r->rows_read = -1;
        combine_int(&digest, sqlite3_column_int64(count, 0));
        sqlite3_reset(count);
        sqlite3_bind_int(titles, 1, r->titles);
        while (sqlite3_step(titles) == SQLITE_ROW) {
            combine_text(&digest, sqlite3_column_text(titles, 0), sqlite3_column_bytes(titles, 0));
            if (r->rows_read >= 0) r->rows_read++;
        }
        sqlite3_reset(titles);
        run_done(commit, db, "commit");
    }
    r->digest = digest;
    sqlite3_finalize(begin);
    sqlite3_finalize(commit);
    sqlite3_finalize(count);
    sqlite3_finalize(titles);
    sqlite3_close(db);
    return NULL;
}

/* `operations` list reads of `titles` titles, shared out over `connections` threads, each
 * on its own read-only connection, started together: operations per second from the
 * start to the last one's end. Exits when a read saw other data than the seeded notes. */
static double time_list_reads(const char *path, int titles, int operations, int connections, double *busy) {
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, (unsigned)connections + 1);
    ListReader readers[64];
    pthread_t threads[64];
    for (int c = 0; c < connections; c++) {
        int share = operations / connections + (c < operations % connections);
        readers[c] = (ListReader){path, titles, share, &start, 0, 0};
        if (pthread_create(&threads[c], NULL, read_lists, &readers[c]) != 0) {
            fprintf(stderr, "sqlite_limit: cannot start a reader thread\n");
            exit(1);
        }
    }
    pthread_barrier_wait(&start);
    double began = now_seconds(), cpu_began = cpu_seconds();
    for (int c = 0; c < connections; c++) pthread_join(threads[c], NULL);
    double elapsed = now_seconds() - began;
    if (busy) *busy = (cpu_seconds() - cpu_began) / elapsed;
    pthread_barrier_destroy(&start);
    int64_t expected = (int64_t)(titles < SEEDED_NOTE_COUNT ? titles : SEEDED_NOTE_COUNT);
    for (int c = 0; c < connections; c++) {
        touched += readers[c].digest & 1;
        if (readers[c].rows_read != expected * readers[c].operations) {
            fprintf(stderr, "sqlite_limit: a list read saw other notes than the %d seeded ones\n", SEEDED_NOTE_COUNT);
            exit(1);
        }
    }
    return (double)operations / elapsed;
}

/* For each size: `runs` rounds, each timing the reads on one connection and on
 * `connections` at once (in turn first, then at once, the order swapped every round), and
 * prints the median ratio with its min and max: what parallel reads can win in C. */
static int list_read_ceiling(const int *sizes, int size_count, int connections, int runs, int operations, int json) {
    char path[4200];
    snprintf(path, sizeof path, "%s/limit-lists.sqlite", folder_path);
    remove_database(path);
    Database d = open_database(path);
    import_folders(&d);
    Plan seeded = make_plan(POINT_READ, 1, 42);
    for (int i = 0; i < seeded.note_count; i += BATCH_SIZE) import_batch(&d, seeded.notes + i, BATCH_SIZE);
    free_plan(&seeded);
    if (json) printf("{\"sqlite\": \"%s\", \"runs\": %d, \"connections\": %d, \"sizes\": [", sqlite3_libversion(), runs, connections);
    else printf("SQLite %s: list reads on one read-only connection, and on %d at once, %d rounds each\n",
                sqlite3_libversion(), connections, runs);
    for (int k = 0; k < size_count; k++) {
        int titles = sizes[k];
        /* As many titles per run at every size from 50 up, as list-read's runs; each run tens
         * of milliseconds, well above a timer tick. */
        int count = operations ? operations : (titles <= 50 ? 20000 : 20000 * 50 / titles);
        time_list_reads(path, titles, count / 10 + 1, 1, NULL); /* warm-up */
        double alone[100], together[100], ratio[100], alone_busy[100], together_busy[100];
        for (int r = 0; r < runs; r++) {
            if (r % 2 == 0) {
                alone[r] = time_list_reads(path, titles, count, 1, &alone_busy[r]);
                together[r] = time_list_reads(path, titles, count, connections, &together_busy[r]);
            } else {
                together[r] = time_list_reads(path, titles, count, connections, &together_busy[r]);
                alone[r] = time_list_reads(path, titles, count, 1, &alone_busy[r]);
            }
            ratio[r] = together[r] / alone[r];
        }
        qsort(alone, (size_t)runs, sizeof(double), compare_doubles);
        qsort(together, (size_t)runs, sizeof(double), compare_doubles);
        qsort(ratio, (size_t)runs, sizeof(double), compare_doubles);
        qsort(alone_busy, (size_t)runs, sizeof(double), compare_doubles);
        qsort(together_busy, (size_t)runs, sizeof(double), compare_doubles);
        if (json) {
            printf("%s{\"titles\": %d, \"operations\": %d, \"one_connection\": %.3f, \"at_once\": %.3f, "
                   "\"cores_busy\": {\"one_connection\": %.3f, \"at_once\": %.3f}, "
                   "\"ratio\": {\"median\": %.4f, \"min\": %.4f, \"max\": %.4f}}",
                   k ? ", " : "", titles, count, median_of_sorted(alone, runs), median_of_sorted(together, runs),
                   median_of_sorted(alone_busy, runs), median_of_sorted(together_busy, runs),
                   median_of_sorted(ratio, runs), ratio[0], ratio[runs - 1]);
        } else {
            printf("%5d title%s  %6d ops  one connection %7.0f ops/s (%.2f cores busy)  %d at once %7.0f ops/s (%.2f cores busy)  "
                   "ratio %.2f (min %.2f, max %.2f, %d rounds)\n",
                   titles, titles == 1 ? " " : "s", count, median_of_sorted(alone, runs), median_of_sorted(alone_busy, runs),
                   connections, median_of_sorted(together, runs), median_of_sorted(together_busy, runs),
                   median_of_sorted(ratio, runs), ratio[0], ratio[runs - 1], runs);
        }
        fflush(stdout);
    }
    if (json) printf("]}\n");
    close_database(&d);
    remove_database(path);
    return 0;
}

/* ---- main ---- */

/* The thread of --idle-thread: it exists, and never runs again. */
static void *sleep_forever(void *unused) {
    (void)unused;
    for (;;) pause();
    return NULL;
}

static void start_idle_thread(void) {
    pthread_t thread;
    if (pthread_create(&thread, NULL, sleep_forever, NULL) != 0) {
        fprintf(stderr, "sqlite_limit: cannot start the idle thread\n");
        exit(1);
    }
    pthread_detach(thread);
}

static void usage(void) {
    fprintf(stderr,
            "usage: sqlite_limit [--scenario point-read|import]... [--runs N] [--operations N]\n"
            "                    [--seed N] [--format text|json] [--no-digest] [--idle-thread]\n"
            "  Runs the raw-sqlite row's SQL for each scenario (default: both) with lab bench's\n"
            "  defaults (10000 point reads, 200 import batches of 100, seed 42, 5 runs) and\n"
            "  prints operations per second: median, min and max over the runs.\n"
            "  --no-digest reads every column but feeds no digest (to see what the digest costs).\n"
            "  --idle-thread starts one sleeping thread first, as every Swift concurrency process\n"
            "  has more than one (to see what a second thread costs each system call).\n"
            "       sqlite_limit --list-read SIZES [--connections N] [--runs N] [--operations N] [--format text|json]\n"
            "  Reads lists of each of SIZES titles (e.g. 1,10,100,1000) on N read-only connections\n"
            "  at once (default 4) and on one, interleaved, and prints the ratio: the ceiling of\n"
            "  parallel reads in C.\n");
    exit(2);
}

int main(int argc, char **argv) {
    Scenario scenarios[2];
    int scenario_count = 0, runs = 5, operations = 0, json = 0, idle_thread = 0;
    int sizes[16], size_count = 0, connections = 4;
    uint64_t seed = 42;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--scenario") && value) {
            if (scenario_count == 2) usage();
            if (!strcmp(value, "point-read")) scenarios[scenario_count++] = POINT_READ;
            else if (!strcmp(value, "import")) scenarios[scenario_count++] = IMPORT;
            else usage();
            i++;
        } else if (!strcmp(a, "--runs") && value) {
            runs = atoi(value), i++;
        } else if (!strcmp(a, "--operations") && value) {
            operations = atoi(value), i++;
        } else if (!strcmp(a, "--seed") && value) {
            seed = strtoull(value, NULL, 10), i++;
        } else if (!strcmp(a, "--format") && value) {
            if (!strcmp(value, "json")) json = 1;
            else if (strcmp(value, "text")) usage();
            i++;
        } else if (!strcmp(a, "--no-digest")) {
            digest_reads = 0;
        } else if (!strcmp(a, "--idle-thread")) {
            idle_thread = 1;
        } else if (!strcmp(a, "--list-read") && value) {
            for (char *next = (char *)value; *next && size_count < 16;) {
                long size = strtol(next, &next, 10);
                if (size < 1 || size > 100000) usage();
                sizes[size_count++] = (int)size;
                if (*next == ',') next++;
                else if (*next) usage();
            }
            i++;
        } else if (!strcmp(a, "--connections") && value) {
            connections = atoi(value), i++;
        } else {
            usage();
        }
    }
    if (runs < 1 || runs > 100 || operations < 0) usage();
    if (scenario_count == 0) {
        scenarios[0] = IMPORT, scenarios[1] = POINT_READ; /* lab bench's order */
        scenario_count = 2;
    }

    if (idle_thread) start_idle_thread();

    const char *tmp = getenv("TMPDIR");
    snprintf(folder_path, sizeof folder_path, "%s/sqlite-limit-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(folder_path)) {
        perror("sqlite_limit: mkdtemp");
        return 1;
    }

    if (size_count > 0) {
        if (connections < 1 || connections > 64) usage();
        int code = list_read_ceiling(sizes, size_count, connections, runs, operations, json);
        rmdir(folder_path);
        return code;
    }

    if (json) printf("{\"sqlite\": \"%s\", \"runs\": %d, \"seed\": \"%llu\", \"digest\": %s, \"idle_thread\": %s, \"scenarios\": [",
                     sqlite3_libversion(), runs, (unsigned long long)seed, digest_reads ? "true" : "false",
                     idle_thread ? "true" : "false");
    for (int k = 0; k < scenario_count; k++) {
        Scenario scenario = scenarios[k];
        const char *name = scenario == POINT_READ ? "point-read" : "import";
        int count = operations ? operations : (scenario == POINT_READ ? POINT_READ_OPERATIONS : IMPORT_OPERATIONS);
        uint64_t checksum = 0, reads = 0;

        Plan warm_up = make_plan(scenario, count / 10 > 0 ? count / 10 : 1, seed + 1);
        run_plan(&warm_up, &checksum, &reads);
        free_plan(&warm_up);

        Plan plan = make_plan(scenario, count, seed);
        double throughput[100], cpu[100];
        uint64_t first_checksum = 0, first_reads = 0;
        for (int r = 0; r < runs; r++) {
            RunResult result = run_plan(&plan, &checksum, &reads);
            throughput[r] = result.throughput;
            cpu[r] = result.cpu_us_per_op;
            if (r == 0) first_checksum = checksum, first_reads = reads;
            if (checksum != first_checksum || reads != first_reads) {
                fprintf(stderr, "sqlite_limit: %s: run %d read back other data than run 1\n", name, r + 1);
                return 1;
            }
        }
        free_plan(&plan);
        qsort(throughput, (size_t)runs, sizeof(double), compare_doubles);
        qsort(cpu, (size_t)runs, sizeof(double), compare_doubles);
        double median = median_of_sorted(throughput, runs), cpu_median = median_of_sorted(cpu, runs);
        if (json) {
            printf("%s{\"name\": \"%s\", \"operations\": %d, "
                   "\"throughput\": {\"median\": %.3f, \"min\": %.3f, \"max\": %.3f}, "
                   "\"cpu_us_per_op\": {\"median\": %.3f, \"min\": %.3f, \"max\": %.3f}, "
                   "\"checksum\": \"%016llx\", \"reads\": \"%016llx\"}",
                   k ? ", " : "", name, count, median, throughput[0], throughput[runs - 1],
                   cpu_median, cpu[0], cpu[runs - 1],
                   (unsigned long long)checksum, (unsigned long long)reads);
        } else {
            printf("%-10s %6d ops  median %10.0f ops/s  (min %.0f, max %.0f, %d runs)  %.2f cpu µs/op  checksum %016llx  reads %016llx\n",
                   name, count, median, throughput[0], throughput[runs - 1], runs, cpu_median,
                   (unsigned long long)checksum, (unsigned long long)reads);
        }
        fflush(stdout);
    }
    if (json) printf("], \"touched\": %llu}\n", (unsigned long long)touched);
    rmdir(folder_path);
    return 0;
}
