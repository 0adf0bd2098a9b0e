// Exercise 15's check. `lab workshop check 15` builds this folder (this file and your
// InboxList.swift) and runs it. Leave this file as it is.

import WorkshopChecks

await WorkshopChecks.BackgroundSyncCheck<InboxList>.main()
