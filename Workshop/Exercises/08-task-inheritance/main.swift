// Exercise 8's check. `lab workshop check 8` builds this folder (this file and your
// ImportButton.swift) and runs it. Leave this file as it is.

import WorkshopChecks

await WorkshopChecks.TaskInheritanceCheck<ImportButton>.main()
