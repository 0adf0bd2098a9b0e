// The guide's documentation target: DocC builds the chapters in LabGuide.docc
// (`make docs`); this file only gives the target a module.

/// The reader's guide to the concurrency-patterns lab.
public enum LabGuide {}
