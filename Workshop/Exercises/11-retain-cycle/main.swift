// Exercise 11's check. `lab workshop check 11` builds this folder (this file and your
// DraftEditor.swift) and runs it. Leave this file as it is.

import WorkshopChecks

await WorkshopChecks.RetainCycleCheck<DraftEditor>.main()
