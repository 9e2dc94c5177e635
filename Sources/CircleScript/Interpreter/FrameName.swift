/// How frames are named (docs/language.md, "Frames").
package enum FrameName {
  /// The action in lower case, each run of characters other than `a`–`z` and `0`–`9`
  /// turned into one `-`, with no `-` at either end: `Undo Clear` → `undo-clear`.
  package static func slug(_ action: String) -> String {
    var slug = ""
    var pendingDash = false
    for scalar in action.lowercased().unicodeScalars {
      if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
        if pendingDash, !slug.isEmpty { slug.append("-") }
        pendingDash = false
        slug.unicodeScalars.append(scalar)
      } else {
        pendingDash = true
      }
    }
    return slug
  }

  /// The longest frame name, in bytes: 240. With an extension (`.png`, or a checker's
  /// `.actual.png`) a frame's file name stays within the 255 bytes file systems allow.
  package static let maximumLength = 240

  /// The frame's number with at least four digits, `-`, and the slug of its action:
  /// `make(number: 4, action: "Undo Clear")` is `0004-undo-clear`.
  ///
  /// An action whose slug is empty gives the number alone. A slug that would make the name
  /// longer than `maximumLength` is cut to fit, without a `-` at its end; names stay unique,
  /// as no two frames of a run share a number.
  package static func make(number: Int, action: String) -> String {
    var digits = String(number)
    if digits.count < 4 { digits = String(repeating: "0", count: 4 - digits.count) + digits }
    var slug = slug(action).utf8.prefix(max(0, maximumLength - digits.utf8.count - 1))
    while slug.last == UInt8(ascii: "-") { slug = slug.dropLast() }
    return slug.isEmpty ? digits : digits + "-" + String(decoding: slug, as: UTF8.self)
  }
}
