// MARK: - ObjectGraph

/// The class instances reachable from a root through strong stored references, found by
/// reflection, and the strong paths between them.
///
/// `Mirror` lists stored properties but does not say which are `weak` or `unowned`; the
/// runtime's field metadata does (`isStrong`), so edges through weak and unowned
/// references are skipped, as the retain count skips them. What a closure captured is not
/// visible to reflection: a closure is reported as the end of a path, with the property
/// that holds it.
///
/// Reflection reads an object's fields without its isolation: walk a graph only while
/// nothing runs on it (after a run, before or after teardown).
package enum ObjectGraph {
    /// An instance found in the graph, held weakly so that finding it keeps nothing alive.
    package struct Tracked: @unchecked Sendable {
        // @unchecked: the weak reference is only read to ask whether the object is alive;
        // the object itself is never used through it from another isolation domain.
        package weak var object: AnyObject?
        package let typeName: String
    }

    /// Every class instance reachable from `root` through strong references, `root` included.
    /// The walk neither records nor enters instances for which `isBoundary` is true: shared
    /// infrastructure that outlives the root by design.
    package static func reachable(
        from root: AnyObject, limit: Int = 1_000_000, isBoundary: (AnyObject) -> Bool = { _ in false }
    ) -> [Tracked] {
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        var found = [Tracked(object: root, typeName: typeName(of: root))]
        var pending: [Any] = [root]
        while let value = pending.popLast(), found.count < limit {
            for edge in strongEdges(of: value) {
                if let object = edge.object {
                    guard seen.insert(ObjectIdentifier(object)).inserted, !isBoundary(object) else { continue }
                    found.append(Tracked(object: object, typeName: typeName(of: object)))
                    pending.append(object)
                } else if edge.opaqueHolder == nil {
                    pending.append(edge.value)
                }
            }
        }
        return found
    }

    /// The strong path that keeps `object` in a cycle, as "Parent → child → Child → parent
    /// → Parent"; or the closure or task property that may hold it, as "Owner → handler →
    /// (closure)"; nil when reflection sees neither.
    package static func retainPath(of object: AnyObject, depthLimit: Int = 12) -> String? {
        let target = ObjectIdentifier(object)
        var visited: Set<ObjectIdentifier> = []
        var closurePath: [String]?

        func search(_ value: Any, path: [String], depth: Int) -> [String]? {
            guard depth < depthLimit else { return nil }
            for edge in strongEdges(of: value) {
                let label = edge.label
                if let child = edge.object {
                    let childPath = path + [label, typeName(of: child)]
                    if ObjectIdentifier(child) == target { return childPath }
                    guard visited.insert(ObjectIdentifier(child)).inserted else { continue }
                    if let found = search(child, path: childPath, depth: depth + 1) { return found }
                } else if let holder = edge.opaqueHolder {
                    if closurePath == nil { closurePath = path + [label, holder] }
                } else if let found = search(edge.value, path: path + [label], depth: depth + 1) {
                    return found
                }
            }
            return nil
        }

        let start = [typeName(of: object)]
        return (search(object, path: start, depth: 0) ?? closurePath).map(render)
    }

    /// Joins a path's segments with arrows, attaching subscripts to the property before
    /// them: `notes`, `[3]` reads `notes[3]`.
    static func render(_ segments: [String]) -> String {
        var parts: [String] = []
        for segment in segments where !segment.isEmpty {
            if segment.hasPrefix("["), let last = parts.popLast() {
                parts.append(last + segment)
            } else {
                parts.append(segment)
            }
        }
        return parts.joined(separator: " → ")
    }

    static func typeName(of object: AnyObject) -> String {
        String(describing: type(of: object))
    }

    // MARK: Edges

    struct Edge {
        var label: String
        var value: Any
        /// The instance the edge points at, when it is a class instance (actors included).
        var object: AnyObject? {
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional {
                guard let wrapped = mirror.children.first?.value else { return nil }
                return Edge(label: label, value: wrapped).object
            }
            return mirror.displayStyle == .class ? value as AnyObject : nil
        }
        /// "(closure)" or "(task)" when the edge holds something whose captures
        /// reflection cannot see; nil otherwise.
        var opaqueHolder: String? {
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional {
                guard let wrapped = mirror.children.first?.value else { return nil }
                return Edge(label: label, value: wrapped).opaqueHolder
            }
            let typeName = String(describing: type(of: value))
            if typeName.hasPrefix("Task<") { return "(task)" }
            if mirror.displayStyle == nil && typeName.contains("->") { return "(closure)" }
            return nil
        }
    }

    /// The strong stored references of `value`: fields of classes and structs whose runtime
    /// metadata says strong, and every element of collections, optionals and enums.
    static func strongEdges(of value: Any) -> [Edge] {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .class:
            return classEdges(mirror)
        case .struct:
            let type = mirror.subjectType
            return mirror.children.enumerated().compactMap { index, child in
                FieldOwnership.isStrong(type, field: index)
                    ? Edge(label: child.label ?? "[\(index)]", value: child.value) : nil
            }
        case .dictionary:
            // Each entry is a (key, value) pair: the key names the subscript.
            return mirror.children.compactMap { entry in
                let pair = Array(Mirror(reflecting: entry.value).children)
                guard pair.count == 2 else { return nil }
                return Edge(label: "[\(pair[0].value)]", value: pair[1].value)
            }
        case .optional:
            return mirror.children.map { Edge(label: "", value: $0.value) }
        case .collection, .set, .tuple, .enum:
            return mirror.children.enumerated().map { index, child in
                Edge(label: child.label ?? "[\(index)]", value: child.value)
            }
        default:
            return []
        }
    }

    private static func classEdges(_ mirror: Mirror) -> [Edge] {
        var edges = mirror.superclassMirror.map(classEdges) ?? []
        let type = mirror.subjectType
        let inherited = mirror.superclassMirror.map { FieldOwnership.fieldCount($0.subjectType) } ?? 0
        for (index, child) in mirror.children.enumerated()
        where FieldOwnership.isStrong(type, field: inherited + index) {
            edges.append(Edge(label: child.label ?? "[\(index)]", value: child.value))
        }
        return edges
    }
}

// MARK: - FieldOwnership

/// Whether a stored property is a strong reference, from the runtime's reflection
/// metadata: the same entry points `Mirror` itself uses (stdlib ReflectionMirror.swift).
enum FieldOwnership {
    static func fieldCount(_ type: Any.Type) -> Int { reflectionRecursiveCount(type) }

    static func isStrong(_ type: Any.Type, field index: Int) -> Bool {
        guard index < reflectionRecursiveCount(type) else { return true }
        var metadata = FieldMetadata()
        _ = reflectionRecursiveChildMetadata(type, index: index, fieldMetadata: &metadata)
        defer { metadata.freeName?(metadata.name) }
        return metadata.isStrong
    }

    /// Mirrors the runtime's `_FieldReflectionMetadata` layout.
    fileprivate struct FieldMetadata {
        var name: UnsafePointer<CChar>? = nil
        var freeName: (@convention(c) (UnsafePointer<CChar>?) -> Void)? = nil
        var isStrong = false
        var isVar = false
    }
}

@_silgen_name("swift_reflectionMirror_recursiveCount")
private func reflectionRecursiveCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func reflectionRecursiveChildMetadata(
    _ type: Any.Type, index: Int, fieldMetadata: UnsafeMutablePointer<FieldOwnership.FieldMetadata>
) -> Any.Type
