import CircleRender
import CircleSystem
import Foundation

/// One self-contained HTML page of a check: every image inlined as a `data:` URL, no script or
/// style from elsewhere, so the file can be mailed or kept as a CI artifact.
///
/// Scripts with an error come first, with their diagnostics, then failing scripts, and in each
/// script its failures: golden, diff and actual side by side, a slider that fades from the
/// golden to the actual over the same spot, and the three again magnified on the rectangle where the pixels differ. Then every frame as a thumbnail.
/// All text is HTML-escaped.
package enum HTMLReport {
  /// The page's HTML.
  ///
  /// - Parameters:
  ///   - check: the whole check, every script in it.
  ///   - title: the page title.
  ///   - loadImage: reads an image file; by default from disk. Files that cannot be read or are
  ///     not PNGs are left out.
  package static func html(
    for check: CheckResult, title: String = "circles check",
    loadImage: @escaping (URL) -> Data? = HTMLReport.readImage
  ) -> String {
    let page = Page(loadImage: loadImage)
    let ordered =
      check.scripts.filter { $0.status == .error }
      + check.scripts.filter { $0.status == .failed }
      + check.scripts.filter { $0.status == .passed }
    var html = Markup.pageHead(title: title, style: style)
    html += """
      <h1>\(Markup.escape(title))</h1>
      <p class="summary \(check.passed ? "ok" : "bad")">\
      \(Markup.escape(TextReport.summary(check)))</p>

      """
    for script in ordered { html += page.section(script) }
    html += "</body>\n</html>\n"
    return html
  }

  /// Reads an image file for the page: a regular file of at most 256 MiB, never through a
  /// symbolic link at its last step, whatever bytes its path holds.
  package static func readImage(_ url: URL) -> Data? {
    FolderHandle.readFile(url, limit: 256 << 20)
  }

  static let style = """
    body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222;background:#fafafa}
    h2{margin-top:2em;border-bottom:1px solid #ccc}.ok{color:#1a7f37}.bad{color:#c62828}
    code{background:#eee;padding:0 .3em}article{background:#fff;border:1px solid #ddd;
    border-left:4px solid #c62828;padding:.5em 1em;margin:1em 0}
    .row{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}
    figure{margin:0}figcaption{font-size:12px;color:#555}
    img{image-rendering:pixelated;border:1px solid #ccc;max-width:100%;
    background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px}
    .stack{position:relative;display:inline-block}.stack .top{position:absolute;left:0;top:0}
    .thumbs{display:flex;flex-wrap:wrap;gap:.75em}.thumbs img{max-width:160px;max-height:120px}
    .thumbs figure{border-top:3px solid #1a7f37;padding-top:2px}
    .thumbs .failed,.thumbs .missing{border-color:#c62828}
    .thumbs .recorded{border-color:#1565c0}.thumbs .orphan,.thumbs .pruned{border-color:#999}
    .thumbs .moved{border-color:#8e24aa}
    .zoom{overflow:hidden;border:1px solid #ccc}.zoom img{max-width:none;border:0}
    .ignored{position:absolute;box-sizing:border-box;border:1px solid #6b7fd7;
    background:repeating-linear-gradient(45deg,rgba(107,127,215,.55) 0 3px,transparent 3px 8px)}
    """
}

/// Builds the parts of the page.
private struct Page {
  let loadImage: (URL) -> Data?

  func image(_ url: URL?, alt: String, className: String? = nil, style: String? = nil) -> String {
    guard let url, let data = loadImage(url), PNGChunkWalk.hasSignature(data) else {
      return "<p class=\"bad\">(\(Markup.escape(alt)): no image)</p>"
    }
    let classAttribute = className.map { " class=\"\($0)\"" } ?? ""
    let styleAttribute = style.map { " style=\"\($0)\"" } ?? ""
    return "<img\(classAttribute)\(styleAttribute) alt=\"\(Markup.escape(alt))\" "
      + "src=\"data:image/png;base64,\(data.base64EncodedString())\">"
  }

  func section(_ script: ScriptCheckResult) -> String {
    let state =
      switch script.status {
      case .passed: "<span class=\"ok\">passed</span>"
      case .failed: "<span class=\"bad\">failed</span>"
      case .error: "<span class=\"bad\">error</span>"
      }
    var html = "<section>\n<h2>\(Markup.escape(script.displayPath)) — \(state)</h2>\n"
    html += "<p>\(Markup.escape(TextReport.headline(script)))</p>\n"
    if !script.diagnostics.isEmpty {
      let text = script.diagnostics.map(\.text).joined(separator: "\n")
      html += "<pre class=\"diagnostics bad\">\(Markup.escape(text))</pre>\n"
    }
    guard let result = script.result else { return html + "</section>\n" }
    if !result.notes.isEmpty {
      html +=
        "<ul class=\"notes\">" + result.notes.map { "<li>\(Markup.escape($0))</li>" }.joined()
        + "</ul>\n"
    }
    if let (text, command) = result.hintParts {
      let sentence = Markup.escape(text.prefix(1).uppercased() + text.dropFirst())
      html +=
        command.map { "<p>\(sentence): <code>\(Markup.escape($0))</code></p>\n" }
        ?? "<p>\(sentence).</p>\n"
    }
    for frame in result.frames
    where frame.status.isFailure || frame.status == .orphan || frame.status == .moved
      || (result.comparesFolders && frame.error != nil)
    {
      html += failure(frame, inFolders: result.comparesFolders)
    }
    html += "<h3>Every \(result.comparesFolders ? "image" : "frame")</h3>\n"
    html += "<div class=\"thumbs\">\n"
    for frame in result.frames { html += thumbnail(frame, inFolders: result.comparesFolders) }
    html += "</div>\n</section>\n"
    return html
  }

  func failure(_ frame: FrameResult, inFolders: Bool = false) -> String {
    var html = "<article id=\"\(Markup.escape(anchor(frame)))\">\n"
    let status = inFolders ? FolderTally(frame).rawValue : frame.status.rawValue
    html += "<h3>\(Markup.escape(frame.nameWithOrigin)) <small>\(status)</small></h3>\n"
    html += "<p>\(Markup.escape(TextReport.describe(frame, inFolders: inFolders)))</p>\n"
    if let ignored = TextReport.ignoredLine(frame) {
      html += "<p class=\"ignored-regions\">Hatched, not counted — \(Markup.escape(ignored))</p>\n"
    }
    let lines = frame.sceneDiff + frame.notes
    if !lines.isEmpty {
      html += "<ul>" + lines.map { "<li>\(Markup.escape($0))</li>" }.joined() + "</ul>\n"
    }
    let golden = frame.status == .missing ? nil : (frame.movedFrom ?? frame.golden)
    let actual = frame.artifacts?.actual
    let names = inFolders ? ("expected", "actual") : ("golden", "actual")
    html += "<div class=\"row\">\n"
    if !(inFolders && frame.status == .missing) {
      html +=
        "<figure>\(hatched(image(golden, alt: names.0), frame))"
        + "<figcaption>\(names.0)</figcaption></figure>\n"
    }
    if let diff = frame.artifacts?.diff {
      html += "<figure>\(image(diff, alt: "diff"))<figcaption>diff</figcaption></figure>\n"
    }
    if actual != nil {
      html +=
        "<figure>\(hatched(image(actual, alt: names.1), frame))"
        + "<figcaption>\(names.1)</figcaption></figure>\n"
    }
    if frame.comparison != nil, actual != nil {
      html +=
        "<figure><div class=\"stack\">\(image(golden, alt: "golden"))"
        + image(actual, alt: "actual", className: "top") + "</div><figcaption>golden "
        + "<input type=\"range\" min=\"0\" max=\"100\" value=\"100\" aria-label=\"golden or actual\" "
        + "oninput=\"this.closest('figure').querySelector('.top').style.opacity=this.value/100\">"
        + " actual</figcaption></figure>\n"
    }
    html += "</div>\n"
    html += zoom(frame, golden: golden, actual: actual)
    html += "</article>\n"
    return html
  }

  /// An image with the comparison's ignored regions laid over it, hatched, where they fall on
  /// the compared region; the image alone when none was ignored.
  func hatched(_ picture: String, _ frame: FrameResult) -> String {
    guard let comparison = frame.comparison, comparison.ignoredPixels > 0,
      picture.hasPrefix("<img")
    else { return picture }
    let size = comparison.actualSize
    var html = "<div class=\"stack\">" + picture
    for region in comparison.options.ignoredRegions {
      guard let (columns, rows) = region.clipped(width: size.width, height: size.height) else {
        continue
      }
      func share(_ value: Int, of whole: Int) -> String {
        String(format: "%.4f%%", Double(value) * 100 / Double(whole))
      }
      html +=
        "<div class=\"ignored\" title=\"ignored \(region.argument)\" style=\"left:"
        + share(columns.lowerBound, of: size.width) + ";top:"
        + share(rows.lowerBound, of: size.height) + ";width:"
        + share(columns.count, of: size.width) + ";height:"
        + share(rows.count, of: size.height) + "\"></div>"
    }
    return html + "</div>"
  }

  /// Golden, diff and actual again, magnified on the rectangle where the pixels differ (with a
  /// margin), when that is much smaller than the image.
  func zoom(_ frame: FrameResult, golden: URL?, actual: URL?) -> String {
    guard let comparison = frame.comparison, let bounds = comparison.differenceBounds else {
      return ""
    }
    let size = comparison.actualSize
    let margin = max(4, max(bounds.width, bounds.height) / 4)
    let left = max(0, bounds.minX - margin)
    let top = max(0, bounds.minY - margin)
    let width = min(size.width, bounds.minX + bounds.width + margin) - left
    let height = min(size.height, bounds.minY + bounds.height + margin) - top
    let scale = min(16, 320 / max(1, max(width, height)))
    guard scale >= 2, width > 0, height > 0 else { return "" }
    var html = "<p>Zoomed ×\(scale) on \(width)x\(height) at \(left),\(top):</p>\n"
    html += "<div class=\"row\">\n"
    let panels = [(golden, "golden"), (frame.artifacts?.diff, "diff"), (actual, "actual")]
    for (url, label) in panels where url != nil {
      let style =
        "width:\(size.width * scale)px;margin-left:-\(left * scale)px;"
        + "margin-top:-\(top * scale)px"
      html += "<figure><div class=\"zoom\" style=\"width:\(width * scale)px;"
      html += "height:\(height * scale)px\">"
      html += image(url, alt: label + " (zoomed)", style: style)
      html += "</div><figcaption>\(label)</figcaption></figure>\n"
    }
    return html + "</div>\n"
  }

  func thumbnail(_ frame: FrameResult, inFolders: Bool = false) -> String {
    let source = frame.artifacts?.actual ?? (frame.status == .pruned ? nil : frame.golden)
    let status = inFolders ? FolderTally(frame).rawValue : frame.status.rawValue
    let caption = "\(frame.name) · \(status)"
    let picture = image(source, alt: frame.name)
    let body =
      frame.status.isFailure || frame.status == .orphan || frame.status == .moved
      ? "<a href=\"#\(Markup.escape(anchor(frame)))\">\(picture)</a>" : picture
    return "<figure class=\"\(frame.status.rawValue)\">\(body)"
      + "<figcaption>\(Markup.escape(caption))</figcaption></figure>\n"
  }

  func anchor(_ frame: FrameResult) -> String {
    "frame-" + frame.golden.deletingLastPathComponent().lastPathComponent + "-" + frame.name
  }
}
