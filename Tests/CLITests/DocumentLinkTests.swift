import CirclesTestSupport
import Foundation
import Testing

/// Every link of the package's documents leads somewhere: a file or folder of the repository, or
/// a heading of the document itself, as GitHub names headings.
@Suite("Links in the documents resolve")
struct DocumentLinkTests {
  static let documents =
    [
      "README.md", "CONTRIBUTING.md", "BENCHMARKS.md", "CHANGELOG.md", "Sources/UndoKit/README.md",
      "Sources/CircleSnapshot/README.md",
    ]
    + ((try? FileManager.default.contentsOfDirectory(
      atPath: repositoryRoot.appendingPathComponent("docs").path)) ?? [])
    .filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }

  /// The anchors of a document's headings, read from the file.
  static func anchors(ofFile url: URL) throws -> Set<String> {
    anchors(of: prose(of: try String(contentsOf: url, encoding: .utf8)))
  }

  /// A document's text outside its fenced code blocks.
  static func prose(of text: String) -> [Substring] {
    var inCode = false
    return text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
      if line.hasPrefix("```") {
        inCode.toggle()
        return false
      }
      return !inCode
    }
  }

  /// The anchors GitHub gives a document's headings: lower case, letters, digits, spaces, `-`
  /// and `_` kept, spaces made `-`; a repeated anchor gets `-1`, `-2`, ….
  static func anchors(of lines: [Substring]) -> Set<String> {
    var seen: [String: Int] = [:]
    var anchors: Set<String> = []
    for line in lines where line.hasPrefix("#") {
      let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
      let slug = String(
        title.lowercased().filter { $0.isLetter || $0.isNumber || " -_".contains($0) }
          .map { $0 == " " ? "-" : $0 })
      let count = seen[slug, default: 0]
      seen[slug] = count + 1
      anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
    }
    return anchors
  }

  /// The targets of the Markdown links `[text](target)` in the lines, web addresses left out.
  static func targets(in lines: [Substring]) -> [String] {
    lines.flatMap { line in
      line.matches(of: /\]\(([^)\s]+)\)/).map { String($0.output.1) }
    }.filter { !$0.hasPrefix("http://") && !$0.hasPrefix("https://") }
  }

  @Test(
    "every relative link names an existing file and every anchor a heading",
    arguments: documents)
  func resolve(document: String) throws {
    let url = repositoryRoot.appendingPathComponent(document)
    let lines = Self.prose(of: try String(contentsOf: url, encoding: .utf8))
    let anchors = Self.anchors(of: lines)
    let folder = url.deletingLastPathComponent()
    for target in Self.targets(in: lines) {
      let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      let path = String(parts[0])
      if path.isEmpty {
        #expect(anchors.contains(String(parts[1])), "\(document): no heading for \(target)")
      } else {
        let file = folder.appendingPathComponent(path)
        #expect(
          FileManager.default.fileExists(atPath: file.path), "\(document): no file \(target)")
        if parts.count == 2, path.hasSuffix(".md"),
          FileManager.default.fileExists(atPath: file.path)
        {
          #expect(
            try Self.anchors(ofFile: file).contains(String(parts[1])),
            "\(document): no heading for \(target)")
        }
      }
    }
  }

  @Test("the references in docs/ are among the documents checked")
  func docsIncluded() {
    #expect(Self.documents.contains("docs/language.md"))
    #expect(Self.documents.contains("docs/cli.md"))
  }

  @Test("anchors are made as GitHub makes them")
  func anchorRule() {
    let lines: [Substring] = [
      "## Watch mode: `--watch`", "### `circles run`", "#### Vector frames: `--format svg|pdf`",
      "## Options", "## Options",
    ]
    #expect(
      Self.anchors(of: lines) == [
        "watch-mode---watch", "circles-run", "vector-frames---format-svgpdf", "options",
        "options-1",
      ])
  }
}
