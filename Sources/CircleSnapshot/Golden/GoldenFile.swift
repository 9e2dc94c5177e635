import CircleRender
import CircleSystem

/// A golden image in a golden folder, as its name describes it.
///
/// Frame goldens are named as frames are (`0004-undo-clear.png`: a number of at least four
/// digits, `-` and the action's slug); every other PNG is a named golden (a `render` target, or
/// an image made by hand) and is matched by its exact name only.
struct GoldenFile: Hashable, Sendable {
  /// The name without `.png`, as ``RawPath`` text (relative to the folder).
  var name: String
  /// The frame number, for a frame golden.
  var number: Int?
  /// The action's slug, for a frame golden (empty for a frame whose action has none).
  var slug: String

  init(name: String) {
    self.name = name
    let parsed = Self.frameParts(name)
    number = parsed?.number
    slug = parsed?.slug ?? ""
  }

  /// The file's name in its folder.
  var fileName: String { name + ".png" }

  /// Whether the name has the form of a frame's.
  var isFrame: Bool { number != nil }

  /// The number and slug of a frame name: four or more ASCII digits, then nothing or `-` and
  /// lower-case letters, digits and single dashes.
  static func frameParts(_ name: String) -> (number: Int, slug: String)? {
    let scalars = Array(name.unicodeScalars)
    var digits = 0
    while digits < scalars.count, ("0"..."9").contains(scalars[digits]) { digits += 1 }
    guard digits >= 4, let number = Int(String(String.UnicodeScalarView(scalars[0..<digits])))
    else { return nil }
    guard digits < scalars.count else { return (number, "") }
    guard scalars[digits] == "-" else { return nil }
    let slug = scalars[(digits + 1)...]
    let allowed = slug.allSatisfy {
      ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
    }
    guard allowed, !slug.isEmpty, slug.first != "-", slug.last != "-" else { return nil }
    return (number, String(String.UnicodeScalarView(slug)))
  }

  /// Goldens in history order: frame goldens by number, then name.
  static func historyOrder(_ a: GoldenFile, _ b: GoldenFile) -> Bool {
    if a.number != b.number { return (a.number ?? .max) < (b.number ?? .max) }
    return RawPath.bytes(of: a.name).lexicographicallyPrecedes(RawPath.bytes(of: b.name))
  }
}
