// What an exercise's own code may use besides the store: the protocols each exercise's type
// conforms to, and the fixtures a real app would have beside its store (a note file
// parser, a list row). Nothing here knows what a check expects: the data a check runs on
// is generated from a seed the learner's code never sees, and the values it compares with
// are computed by the check alone.

import Workload

/// A batch of folders and notes to import in one transaction.
public typealias NoteBatch = Workload.NoteBatch

/// An edit of one note: a new body, and how far the modification date moves on.
public typealias NoteEdit = Workload.NoteEdit
