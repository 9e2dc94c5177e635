import CircleRender
import CircleSystem

/// Text from files and folders made safe to print on a terminal.
///
/// Control characters show as their visible Unicode pictures (`␛` for ESC, `␇` for BEL, `␊` for
/// a line feed), DEL as `␡`, the C1 controls and bytes that are not UTF-8 as `�`, as the
/// diagnostic printer shows script text: a file name or a circle id cannot set a terminal's
/// title, clear its screen or forge a line of a report.
package enum DisplayText {
  /// The text with every character a terminal would act on replaced by a visible one.
  package static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var shown = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      shown.append(visible(scalar))
    }
    return String(shown)
  }

  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00..<0x20, 0x7F, 0x80..<0xA0: true
    case (RawPath.byteBase + 0x80)...(RawPath.byteBase + 0xFF): true
    default: false
    }
  }

  static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    switch scalar.value {
    case 0x00..<0x20: Unicode.Scalar(0x2400 + scalar.value)!
    case 0x7F: "\u{2421}"
    case 0x80..<0xA0: "\u{FFFD}"
    case (RawPath.byteBase + 0x80)...(RawPath.byteBase + 0xFF): "\u{FFFD}"
    default: scalar
    }
  }
}
