import CircleRender
import CirclesTestSupport
import Foundation
import Testing

@Suite("circles run --format svg|pdf, end to end")
struct VectorCommandTests {
  static let script = """
    canvas 120x90 background #ffffee
    add sun at 30,30 radius 20 fill gold stroke orange width 3
    add moon at 80,50 radius 12 fill #cccccc
    add at 60,80 radius 6 fill navy
    remove moon
    undo
    render final.png
    """

  @Test("every frame is an SVG with one path per circle on the canvas; render targets too")
  func svgFrames() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script, to: "scene.circles")
    let outcome = try await Executable.run(
      ["run", "scene.circles", "-o", "out", "--format", "svg"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stdout.hasPrefix("6 frames written to out (3 circles, "), "\(outcome)")
    let expected = [
      ("0000-start.svg", 0), ("0001-add-sun.svg", 1), ("0002-add-moon.svg", 2),
      ("0003-add-c1.svg", 3), ("0004-remove-moon.svg", 2), ("0005-undo-remove-moon.svg", 3),
    ]
    #expect(folder.files(in: "out") == expected.map(\.0) + ["final.svg"])
    for (name, circles) in expected + [("final.svg", 3)] {
      let svg = try SVGSummary(Data(contentsOf: folder.url.appendingPathComponent("out/" + name)))
      #expect(svg.width == "120pt" && svg.height == "90pt", "\(name)")
      #expect(svg.paths.count == circles, "\(name): \(svg.styles)")
    }
    let sun = try SVGSummary(
      Data(contentsOf: folder.url.appendingPathComponent("out/0001-add-sun.svg")))
    #expect(sun.styles[0].contains("fill:rgb(100%,84.313725%,0%)"), "gold: \(sun.styles)")
    #expect(sun.styles[0].contains("stroke:rgb(100%,64.705882%,0%)"), "orange: \(sun.styles)")
  }

  @Test("every frame is a one-page PDF of the canvas's size in points")
  func pdfFrames() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script, to: "scene.circles")
    let outcome = try await Executable.run(
      ["run", "scene.circles", "-o", "out", "--format=pdf"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    let files = folder.files(in: "out")
    #expect(files.count == 7)
    for name in files {
      let data = try Data(contentsOf: folder.url.appendingPathComponent("out/" + name))
      #expect(name.hasSuffix(".pdf"))
      #expect(data.starts(with: Array("%PDF-".utf8)), "\(name)")
      #expect(pdfPageCount(data) == 1, "\(name)")
      #expect(String(decoding: data, as: UTF8.self).contains("/MediaBox [ 0 0 120 90 ]"))
    }
  }

  @Test("an unknown format is a usage error with a suggestion")
  func unknownFormat() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script, to: "scene.circles")
    let outcome = try await Executable.run(
      ["run", "scene.circles", "--format", "svgz"], in: folder.url)
    #expect(outcome.status == 2)
    #expect(
      outcome.stderr.hasPrefix(
        "circles: error: --format takes png, svg or pdf, not 'svgz'; did you mean 'svg'?"))
  }
}
