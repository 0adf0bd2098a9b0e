// MARK: - JSONValue

/// A JSON document with keys kept in the order written, so reports read top-down and
/// diff cleanly. `null` is written out, never dropped: a metric a row cannot measure is
/// `null` with its reason beside it.
package enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.rendered() == rhs.rendered()
    }

    /// Pretty-printed with two-space indentation.
    package func rendered(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent + 1)
        let closing = String(repeating: "  ", count: indent)
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .integer(let value): return String(value)
        case .number(let value): return value.isFinite ? Self.format(value) : "null"
        case .string(let value): return Self.quote(value)
        case .array(let values):
            if values.isEmpty { return "[]" }
            return "[\n" + values.map { pad + $0.rendered(indent: indent + 1) }.joined(separator: ",\n") + "\n\(closing)]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            let lines = members.map { pad + Self.quote($0.0) + ": " + $0.1.rendered(indent: indent + 1) }
            return "{\n" + lines.joined(separator: ",\n") + "\n\(closing)}"
        }
    }

    /// Up to three decimals, without trailing zeros: measurements, not exact values.
    private static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        var text = String((value * 1000).rounded() / 1000)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// A JSON string (RFC 8259): quotes, backslashes and control characters escaped.
    private static func quote(_ text: String) -> String {
        let escaped = text.escaping { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case let control where control.value < 0x20:
                "\\u" + String(repeating: "0", count: 4 - String(control.value, radix: 16).count) + String(control.value, radix: 16)
            default: nil
            }
        }
        return "\"" + escaped + "\""
    }
}
