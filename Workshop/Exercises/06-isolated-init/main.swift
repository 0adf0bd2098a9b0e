// Exercise 6's check. `lab workshop check 6` builds this folder (this file and your
// NoteShelf.swift) and runs it. Leave this file as it is.

import WorkshopChecks

await WorkshopChecks.IsolatedInitCheck<NoteShelf>.main()
