// Exercise 1's check. `lab workshop check 1` builds this folder (this file and your
// QueueArchive.swift) and runs it. Leave this file as it is.

import WorkshopChecks

await WorkshopChecks.ConfinementCheck<QueueArchive>.main()
