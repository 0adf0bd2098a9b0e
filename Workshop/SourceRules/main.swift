// The source rules of `lab workshop check`, read from the learner's syntax tree before the
// build: an executable of the workshop's package, so that swift-syntax is compiled here
// alone (see WorkshopSourceRules).
import WorkshopSourceRules

SourceRulesCommand.main()
