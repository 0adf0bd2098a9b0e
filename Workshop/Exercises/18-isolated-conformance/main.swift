// Exercise 18's check. `lab workshop check 18` builds this folder (this file and your
// NoteImport.swift) and runs it. Leave this file as it is.

import WorkshopChecks

await WorkshopChecks.IsolatedConformanceCheck<RecordImporter>.main()
