import Foundation

/// Escaping for HTML and XML text and attribute values, and the frame of a self-contained page.
package enum Markup {
  /// Replaces `&`, `<`, `>`, `"` and `'` by character references; drops characters XML 1.0
  /// cannot hold (control characters other than tab, newline and carriage return).
  ///
  /// - Parameter text: any text.
  /// - Returns: text safe in an element or in a quoted attribute value.
  package static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) { continue }
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// JSON text made safe inside a `<script>` element: every `<` is written `\u003c`, so no
  /// value can end the element or open a comment there, and the JSON still parses the same.
  ///
  /// - Parameter json: JSON text (as `JSONEncoder` writes it).
  /// - Returns: the text to put between `<script type="application/json">` and `</script>`.
  package static func scriptData(_ json: String) -> String {
    json.replacingOccurrences(of: "<", with: "\\u003c")
  }

  /// The start of a self-contained HTML page, up to and including `<body>`: the character set,
  /// the viewport, the escaped title, and the page's own style.
  ///
  /// - Parameters:
  ///   - title: the page title, escaped here.
  ///   - style: CSS for a `<style>` element.
  ///   - policy: a Content-Security-Policy for the page, if any (`default-src 'none'` keeps
  ///     it from loading anything).
  /// - Returns: the HTML.
  package static func pageHead(title: String, style: String, policy: String? = nil) -> String {
    let policyElement = policy.map {
      "<meta http-equiv=\"Content-Security-Policy\" content=\"\(escape($0))\">\n"
    }
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      \(policyElement ?? "")<meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(escape(title))</title>
      <style>\(style)</style>
      </head>
      <body>

      """
  }
}
