import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads an SVG document back with Foundation's XML parser: its size and the paths drawn.
public final class SVGSummary: NSObject, XMLParserDelegate {
  /// The `width` attribute of the `svg` element.
  public private(set) var width = ""
  /// The `height` attribute of the `svg` element.
  public private(set) var height = ""
  /// The `viewBox` attribute of the `svg` element.
  public private(set) var viewBox = ""
  /// The attributes of every `path` element, in document order.
  public private(set) var paths: [[String: String]] = []
  /// How many elements the document holds.
  public private(set) var elementCount = 0

  /// Why a document could not be read.
  public struct NotXML: Error, CustomStringConvertible {
    public var description: String
  }

  /// Parses a document.
  ///
  /// - Throws: `NotXML` when the data is not well-formed XML.
  public init(_ data: Data) throws {
    super.init()
    let parser = XMLParser(data: data)
    parser.delegate = self
    guard parser.parse() else {
      throw NotXML(description: "not well-formed XML: \(String(describing: parser.parserError))")
    }
  }

  public func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String]
  ) {
    elementCount += 1
    switch name {
    case "svg":
      width = attributes["width"] ?? ""
      height = attributes["height"] ?? ""
      viewBox = attributes["viewBox"] ?? ""
    case "path":
      paths.append(attributes)
    default:
      break
    }
  }

  /// The style of the paths, as written (`fill:rgb(100%,0%,0%)`…).
  public var styles: [String] { paths.map { $0["style"] ?? "" } }
}

/// The number of pages a PDF declares in its page tree.
public func pdfPageCount(_ data: Data) -> Int {
  let text = String(decoding: data, as: UTF8.self)
  return text.components(separatedBy: "/Type /Page").count - 1
    - (text.components(separatedBy: "/Type /Pages").count - 1)
}
