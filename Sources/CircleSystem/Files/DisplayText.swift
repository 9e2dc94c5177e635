/// Text from files and folders made safe to print on a terminal.
///
/// Control characters show as their visible Unicode pictures (`␛` for ESC, `␇` for BEL, `␊` for
/// a line feed), DEL as `␡`, the C1 controls and bytes that are not UTF-8 as `�`: a file name
/// or a circle id cannot set a terminal's title, clear its screen or forge a line of a report.
/// The one way of it: the diagnostic printer shows script lines so too, keeping their tabs.
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

  package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00..<0x20, 0x7F, 0x80..<0xA0: true
    case (RawPath.byteBase + 0x80)...(RawPath.byteBase + 0xFF): true
    default: false
    }
  }

  /// A scalar as it is shown: itself, or its visible stand-in; a tab kept when asked (a script
  /// line keeps its tabs, so that its caret lines up).
  package static func visible(_ scalar: Unicode.Scalar, keepingTabs: Bool = false) -> Unicode.Scalar
  {
    switch scalar.value {
    case 0x09 where keepingTabs: scalar
    case 0x00..<0x20: Unicode.Scalar(0x2400 + scalar.value)!
    case 0x7F: "\u{2421}"
    case 0x80..<0xA0: "\u{FFFD}"
    case (RawPath.byteBase + 0x80)...(RawPath.byteBase + 0xFF): "\u{FFFD}"
    default: scalar
    }
  }
}
