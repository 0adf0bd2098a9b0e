import SwiftSyntax
import WorkshopChecks

// MARK: - RuleReader

/// Walks one file's syntax tree and records what the rules refuse, by node: an import by
/// its module and attributes, a modifier by its name and detail, a name wherever the code
/// refers to it (an expression, a type, an argument label, a key path).
final class RuleReader: SyntaxVisitor {
    let rules: SourceRules
    let file: String
    let converter: SourceLocationConverter
    let declaredByLearner: Set<String>
    private(set) var findings: [SourceFinding] = []

    init(rules: SourceRules, file: String, tree: SourceFileSyntax, declaredByLearner: Set<String>) {
        self.rules = rules
        self.file = file
        self.converter = SourceLocationConverter(fileName: file, tree: tree)
        self.declaredByLearner = declaredByLearner
        super.init(viewMode: .sourceAccurate)
    }

    private func found(_ message: String, at node: some SyntaxProtocol) {
        let line = node.startLocation(converter: converter).line
        let finding = SourceFinding(file: file, line: line, message: message)
        if !findings.contains(finding) { findings.append(finding) }
    }

    private func escape(_ escape: SourceEscape, at node: some SyntaxProtocol) {
        guard !rules.exercise.allows.contains(escape) else { return }
        found(rules.escapeMessage(escape), at: node)
    }

    // MARK: Imports

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let module = node.path.first?.name.text else { return .skipChildren }
        if !rules.importsAllowed.contains(module) {
            found(
                "imports \(module): an exercise's code may import the store, WorkshopKit and the patterns' "
                    + "modules, as an app has them; the workload's plans and the checks are the check's alone",
                at: node
            )
        }
        let attributes = node.attributes.compactMap { $0.as(AttributeSyntax.self) }.map(Self.name(of:))
        if attributes.contains("preconcurrency"), SourceRules.labModules.contains(module) {
            escape(.preconcurrencyImport, at: node)
        }
        return .visitChildren
    }

    // MARK: Attributes and modifiers

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        let name = Self.name(of: node)
        if name.hasPrefix("_") {
            found("an underscored attribute (@\(name)) works behind the compiler's back: not allowed in an exercise", at: node)
        } else if name == "testable" {
            found("@testable opens the internals of a module, which an app's code never sees: not allowed in an exercise", at: node)
        } else if name == "unchecked" {
            escape(.uncheckedSendable, at: node)
        } else if name == "unsafe" {
            escape(.unsafePointer, at: node)
        }
        return .visitChildren
    }

    override func visit(_ node: DeclModifierSyntax) -> SyntaxVisitorContinueKind {
        switch (node.name.text, node.detail?.detail.text) {
        case ("nonisolated", "unsafe"): escape(.nonisolatedUnsafe, at: node)
        case ("unowned", "unsafe"): escape(.unownedUnsafe, at: node)
        default: break
        }
        return .visitChildren
    }

    override func visit(_ node: ClosureCaptureSpecifierSyntax) -> SyntaxVisitorContinueKind {
        if node.specifier.text == "unowned", node.detail?.text == "unsafe" { escape(.unownedUnsafe, at: node) }
        return .visitChildren
    }

    /// An initializer is nonisolated when it says so, or when the type or extension that
    /// declares it does (SE-0449).
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        var nonisolated = Self.isNonisolated(node.modifiers)
        var parent = node.parent
        while !nonisolated, let current = parent {
            if let group = current.asProtocol((any DeclGroupSyntax).self) { nonisolated = Self.isNonisolated(group.modifiers) }
            parent = current.parent
        }
        if nonisolated { escape(.nonisolatedInit, at: node.initKeyword) }
        return .visitChildren
    }

    override func visit(_ node: UnsafeExprSyntax) -> SyntaxVisitorContinueKind {
        escape(.unsafePointer, at: node)
        return .visitChildren
    }

    // MARK: Calls and names

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "sync" {
            escape(.waitingCall, at: member.declName)
        }
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        referred(node.baseName)
        for argument in node.argumentNames?.arguments ?? [] { referred(argument.name) }
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        referred(node.name)
        return .visitChildren
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        referred(node.name)
        return .visitChildren
    }

    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        if let label = node.label { referred(label) }
        return .visitChildren
    }

    /// A name the code refers to: a type, a function, a member or an argument label.
    private func referred(_ token: TokenSyntax) {
        let name = token.identifier?.name ?? token.text
        if let why = SourceRules.reachingAround[name] {
            found("\(why): not allowed in an exercise", at: token)
        }
        if let why = SourceRules.blocking[name] {
            found("\(why): blocking a thread is what lesson 1 warns about; await instead", at: token)
        }
        if name == "sleep", token.parent?.parent?.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription == "Thread" {
            found("Thread.sleep parks the thread: blocking a thread is what lesson 1 warns about; await instead", at: token)
        }
        if name == "asyncAndWait" { escape(.waitingCall, at: token) }
        if SourceRules.reflection.contains(name), !declaredByLearner.contains(name) { escape(.reflection, at: token) }
        if SourceRules.isUnsafeMemory(name), !declaredByLearner.contains(name) { escape(.unsafePointer, at: token) }
        if name.count > 1, name.hasPrefix("_"), !declaredByLearner.contains(name), !declaredByLearner.contains(String(name.dropFirst())) {
            found("\(name) is an underscored name of the standard library or a module: its internals, not allowed in an exercise", at: token)
        }
    }

    // MARK: Declarations and strings

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        let text = node.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
        for (path, why) in SourceRules.processPaths where text.contains(path) {
            found("\(why): not allowed in an exercise", at: node)
        }
        return .visitChildren
    }

    override func visitPost(_ node: TokenSyntax) {
        // The name a declaration introduces, and only that token.
        guard case .identifier = node.tokenKind, DeclaredNames.isDeclaredName(node), SourceRules.isReservedName(node.text) else { return }
        found("declares \(node.text), a name the check's entry point uses: name your types after what they do", at: node)
    }

    // MARK: Helpers

    static func name(of attribute: AttributeSyntax) -> String {
        attribute.attributeName.trimmedDescription
    }

    static func attributes(_ list: AttributeListSyntax) -> [String] {
        list.compactMap { $0.as(AttributeSyntax.self) }.map(name(of:))
    }

    static func isNonisolated(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.text == "nonisolated" && $0.detail == nil }
    }
}

// MARK: - DeclaredNames

/// The names a file declares, read from its declarations.
enum DeclaredNames {
    static func all(in tree: SourceFileSyntax) -> Set<String> {
        Set(tree.tokens(viewMode: .sourceAccurate).filter(isDeclaredName).map(\.text))
    }

    /// Whether `token` is the name a declaration introduces: a type, a function, a
    /// property, a parameter, an enum case, a generic parameter.
    static func isDeclaredName(_ token: TokenSyntax) -> Bool {
        guard let parent = token.parent else { return false }
        if let pattern = parent.as(IdentifierPatternSyntax.self) { return pattern.identifier.id == token.id }
        if let parameter = parent.as(FunctionParameterSyntax.self) {
            return parameter.secondName?.id == token.id || (parameter.secondName == nil && parameter.firstName.id == token.id)
        }
        if let name = parent.asProtocol((any NamedDeclSyntax).self)?.name { return name.id == token.id }
        if let element = parent.as(EnumCaseElementSyntax.self) { return element.name.id == token.id }
        if let generic = parent.as(GenericParameterSyntax.self) { return generic.name.id == token.id }
        return false
    }

    /// The declarations of the class, struct, enum or actor named `name`.
    static func typeDeclarations(named name: String, in tree: SourceFileSyntax) -> [TypeDeclaration] {
        final class Finder: SyntaxVisitor {
            let name: String
            var found: [TypeDeclaration] = []
            init(name: String) {
                self.name = name
                super.init(viewMode: .sourceAccurate)
            }
            override func visitPost(_ node: ClassDeclSyntax) { add(node) }
            override func visitPost(_ node: StructDeclSyntax) { add(node) }
            override func visitPost(_ node: EnumDeclSyntax) { add(node) }
            override func visitPost(_ node: ActorDeclSyntax) { add(node) }
            func add(_ node: some DeclGroupSyntax & NamedDeclSyntax) {
                if node.name.text == name { found.append(TypeDeclaration(name: node.name, attributes: node.attributes)) }
            }
        }
        let finder = Finder(name: name)
        finder.walk(tree)
        return finder.found
    }

    struct TypeDeclaration {
        var name: TokenSyntax
        var attributes: AttributeListSyntax
    }
}
