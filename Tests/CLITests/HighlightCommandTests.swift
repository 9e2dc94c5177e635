import CircleCanvas
import CircleRender
import CirclesTestSupport
import Foundation
import Testing

/// `--frames`, `--highlight-changes` and the mistakes a user can make with the animation's
/// options, run as a user runs them.
@Suite("circles run --frames, --highlight-changes and their mistakes, end to end")
struct HighlightCommandTests {
  @Test("--frames last writes only the final state; none only renders, animation and sheet")
  func frameSelection() async throws {
    let folder = try TemporaryFolder()
    try folder.write(
      """
      add a at 10,10 r 5
      render picked.png
      add b at 30,30 r 5
      undo
      """, to: "s.circles")
    let last = try await Executable.run(
      ["run", "s.circles", "-o", "out", "--frames", "last"], in: folder.url)
    #expect(last.status == 0, "\(last)")
    #expect(
      AnimationCommandTests.timeless(last.stdout) == "1 frame written to out (1 circle, <t>)\n")
    #expect(folder.files(in: "out") == ["0003-undo-add-b.png", "picked.png"])
    let none = try await Executable.run(
      [
        "run", "s.circles", "-o", "out", "--frames", "none", "--animation", "a.gif", "--sheet",
        "s.png",
      ],
      in: folder.url)
    #expect(none.status == 0, "\(none)")
    let size = try Data(contentsOf: folder.url.appendingPathComponent("a.gif")).count
    #expect(
      AnimationCommandTests.timeless(none.stdout) == """
        no frames written (--frames none; 1 circle, <t>)
        contact sheet written to s.png (4 thumbnails, 2×2)
        animation written to a.gif (4 frames, \(RunCommandFormatting.bytes(size)))

        """)
    // The earlier run's frame is gone, as every frame this run did not write.
    #expect(folder.files(in: "out") == ["picked.png"])
    #expect(folder.files(in: ".") == ["a.gif", "out", "s.circles", "s.png"])
  }

  @Test("--frames none with no render target leaves no frame folder, new or the user's")
  func noFolder() async throws {
    let folder = try TemporaryFolder()
    try folder.write("add a at 10,10 r 5\n", to: "s.circles")
    let outcome = try await Executable.run(
      ["run", "s.circles", "--frames", "none", "--animation", "a.png"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(folder.files(in: ".") == ["a.png", "s.circles"])
    // A folder that was there stays, with what the user keeps in it.
    try folder.write("mine", to: "kept/notes.txt")
    let again = try await Executable.run(
      ["run", "s.circles", "-o", "kept", "--frames", "none", "--animation", "a.png"],
      in: folder.url)
    #expect(again.status == 0, "\(again)")
    #expect(folder.files(in: "kept").filter { !$0.hasPrefix(".") } == ["notes.txt"])
  }

  @Test("--highlight-changes outlines undo and redo frames only, and only around the change")
  func highlights() async throws {
    let folder = try TemporaryFolder()
    try folder.write(
      """
      canvas 160x120 background white
      add a at 30,30 r 10 fill red
      add b at 120,90 r 12 fill blue
      undo
      redo
      move a by 10,0
      undo
      """, to: "h.circles")
    let outcome = try await Executable.run(
      ["run", "h.circles", "-o", "out", "--animation", "h.png", "--highlight-changes"],
      in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    let animation = try AnimatedImage.readAPNG(
      Data(contentsOf: folder.url.appendingPathComponent("h.png")))
    let frames = try AnimationCommandTests.frames(in: folder.url.appendingPathComponent("out"))
    #expect(
      frames.map(\.name) == [
        "0000-start.png", "0001-add-a.png", "0002-add-b.png", "0003-undo-add-b.png",
        "0004-redo-add-b.png", "0005-move-a.png", "0006-undo-move-a.png",
      ])
    // Where each undo or redo changed the picture: b's box, then a's old and new places.
    let b = PixelRect(minX: 107, minY: 77, maxX: 133, maxY: 103)
    let a = PixelRect(minX: 19, minY: 19, maxX: 51, maxY: 41)
    let marked: [Int: PixelRect] = [3: b, 4: b, 6: a]
    for (index, (shown, frame)) in zip(animation.frames, frames).enumerated() {
      var differing = PixelRect.empty
      for y in 0..<frame.image.height {
        for x in 0..<frame.image.width
        where shown.image.pixels[y * 160 + x] != frame.image.pixels[y * 160 + x] {
          differing = differing.union(PixelRect(minX: x, minY: y, maxX: x + 1, maxY: y + 1))
        }
      }
      guard let region = marked[index] else {
        #expect(differing.isEmpty, "\(frame.name) carries a mark")
        continue
      }
      // The marks are exactly the outline around the region, nothing else.
      var expected = frame.image
      ChangeOutline.standard.draw(around: region, on: &expected)
      #expect(shown.image == expected, "\(frame.name)")
      let bounds = ChangeOutline.standard.bounds(around: region, width: 160, height: 120)
      #expect(!differing.isEmpty && differing.union(bounds) == bounds, "\(frame.name)")
    }
  }

  @Test(
    "a mistake in the animation's options is a usage error, before anything runs",
    arguments: [
      (["--animation", "h.jpg"], "the animation 'h.jpg' needs a .png, .apng or .gif extension"),
      (["--frame-delay", "0.5"], "--frame-delay needs --animation <file>"),
      (["--highlight-changes"], "--highlight-changes needs --animation <file>"),
      (
        ["--animation", "h.gif", "--frame-delay", "0"],
        "--frame-delay takes seconds from 0.01 to 60, not '0'"
      ),
      (
        ["--animation", "h.gif", "--frame-delay", "soon"],
        "--frame-delay takes seconds from 0.01 to 60, not 'soon'"
      ),
      (["--frames", "first"], "--frames takes all, last or none, not 'first'"),
      (["--watch", "--animation", "h.gif"], "--watch cannot be used with --animation"),
      (["--watch", "--frames", "last"], "--watch cannot be used with --frames"),
      (["--animaton", "h.gif"], "unknown option '--animaton'; did you mean '--animation'?"),
      (
        ["--animation", "~/h.gif"],
        "the animation '~/h.gif' starts with '~', which the shell did not expand; give the whole path"
      ),
      (
        ["--animation", "h.png", "--sheet", "./h.png"],
        "--animation and --sheet name the same file 'h.png'"
      ),
      (
        ["-o", "out", "--animation", "out/0001-add-a.png"],
        "the animation 'out/0001-add-a.png' would take the name of a frame in the output folder; choose another"
      ),
      (
        ["--sheet", "s-frames/0000-start.png"],
        "the contact sheet 's-frames/0000-start.png' would take the name of a frame in the output folder; choose another"
      ),
    ])
  func mistakes(arguments: [String], message: String) async throws {
    let folder = try TemporaryFolder()
    try folder.write("add a at 1,1 r 1\n", to: "s.circles")
    let outcome = try await Executable.run(["run", "s.circles"] + arguments, in: folder.url)
    #expect(outcome.status == 2)
    #expect(outcome.stdout == "")
    #expect(outcome.stderr.hasPrefix("circles: error: \(message)\n"), "\(outcome)")
    #expect(folder.files(in: ".") == ["s.circles"])
  }

  @Test("an animation that cannot be written is reported by the name given; nothing runs")
  func unwritable() async throws {
    let folder = try TemporaryFolder()
    try folder.write("add a at 1,1 r 1\n", to: "s.circles")
    try folder.write("not a folder", to: "notes.txt")
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("taken.png"), withIntermediateDirectories: true)
    for (path, reason) in [("notes.txt/h.png", "not a folder"), ("taken.png", "is a folder")]
    {
      let outcome = try await Executable.run(
        ["run", "s.circles", "-o", "out", "--animation", path], in: folder.url)
      #expect(outcome.status == 2)
      #expect(outcome.stdout == "")
      #expect(outcome.stderr == "circles: error: cannot write the animation '\(path)': \(reason)\n")
      #expect(folder.files(in: "out") == [])
    }
  }

  @Test("a script with a syntax error leaves an earlier animation as it was, and no temporary file")
  func syntaxErrorKeepsAnimation() async throws {
    let folder = try TemporaryFolder()
    try folder.write("add a at 1,1 r 1\nadd b at 2,2 r\n", to: "s.circles")
    try folder.write("earlier", to: "h.gif")
    let outcome = try await Executable.run(
      ["run", "s.circles", "--animation", "h.gif"], in: folder.url)
    #expect(outcome.status == 2)
    #expect(
      try String(contentsOf: folder.url.appendingPathComponent("h.gif"), encoding: .utf8)
        == "earlier")
    #expect(folder.files(in: ".") == ["h.gif", "s.circles"])
  }
}
