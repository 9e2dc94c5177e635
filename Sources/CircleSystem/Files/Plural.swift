/// A count with its noun, as every message writes one: `1 frame`, `3 frames`.
package enum Plural {
  /// `1 <singular>`, or `<count> <plural>` (the singular with an `s` unless given).
  package static func count(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    count == 1 ? "1 \(singular)" : "\(count) \(plural ?? singular + "s")"
  }
}
