// Exercise 16's check. `lab workshop check 16` builds this folder (this file and your
// ImportPanel.swift) and runs it. Leave this file as it is.

import WorkshopChecks

await WorkshopChecks.ModelActorOnMainCheck<ImportPanel>.main()
