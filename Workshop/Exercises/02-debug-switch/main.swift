// Exercise 2's check. `lab workshop check 2` builds this folder (this file and your
// NoteTitles.swift) and runs it. Leave this file as it is.

import WorkshopChecks

await WorkshopChecks.DebugSwitchCheck<NoteTitles>.main()
