// Exercise 3's check. `lab workshop check 3` builds this folder (this file and your
// ActorArchive.swift) and runs it. Leave this file as it is.

import WorkshopChecks

await WorkshopChecks.PlainActorCheck<ActorArchive>.main()
