import CirclesTestSupport
import Foundation
import Testing

/// Where `circles run` writes: beneath the output folder only, under names that fit, with
/// errors at the command and paths as the user typed them.
@Suite("circles run and its output folder, end to end")
struct RunOutputFolderTests {
  /// A workspace: the script, `out/` holding links that lead out, and `outside/` and `home/`,
  /// which must stay empty.
  static func workspace(render target: String) throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("add a at 5,5 r 4\nrender \(target)\nadd b at 9,9 r 4\n", to: "s.circles")
    try folder.write("", to: "outside/.keep")
    try folder.write("", to: "home/.keep")
    try folder.write("", to: "out/deep/.keep")
    let links = [
      ("out/sub", "../outside"), ("out/abs", folder.url.appendingPathComponent("outside").path),
      ("out/deep/up", "../../outside"), ("out/here", "."),
    ]
    for (link, target) in links {
      try FileManager.default.createSymbolicLink(
        atPath: folder.url.appendingPathComponent(link).path, withDestinationPath: target)
    }
    return folder
  }

  static func run(_ folder: TemporaryFolder) async throws -> Executable.Outcome {
    try await Executable.run(
      ["run", "s.circles", "-o", "out"], in: folder.url,
      environment: ["HOME": folder.url.appendingPathComponent("home").path])
  }

  @Test(
    "a render target leading out of the folder is an error at the path; nothing is written",
    arguments: [
      ("~/x.png", "the path must stay inside the output folder: '~' is not a home folder here"),
      ("~bin/x.png", "the path must stay inside the output folder: '~' is not a home folder here"),
      ("sub/x.png", "'sub' is a symbolic link out of 'out'"),
      ("abs/x.png", "'abs' is a symbolic link out of 'out'"),
      ("deep/up/x.png", "'up' is a symbolic link out of 'out'"),
      ("here/sub/x.png", "'sub' is a symbolic link out of 'out'"),
    ])
  func leadingOut(target: String, reason: String) async throws {
    let folder = try Self.workspace(render: target)
    let before = folder.allFiles(in: "out")
    let outcome = try await Self.run(folder)
    #expect(outcome.status == 2, "\(outcome)")
    let caret = "^" + String(repeating: "~", count: target.count - 1)
    #expect(
      outcome.stderr == """
        s.circles:2:8: error: cannot render '\(target)': \(reason)
        render \(target)
               \(caret)

        """)
    #expect(
      outcome.stdout.hasPrefix(
        "run stopped by the error at line 2 after 2 frames, written to out (1 circle, "),
      "\(outcome)")
    #expect(folder.allFiles(in: "outside") == [".keep"])
    #expect(folder.allFiles(in: "home") == [".keep"])
    #expect(folder.files(in: "out") == (before + ["0000-start.png", "0001-add-a.png"]).sorted())
    #expect(folder.allFiles(in: "out/deep") == [".keep", "up"])
  }

  @Test(
    "an output folder that the shell left starting with '~' is refused: neither home nor a folder '~'",
    arguments: ["~/frames", "~/x/../frames"])
  func quotedTilde(output: String) async throws {
    let folder = try Self.workspace(render: "x.png")
    let before = folder.allFiles(in: ".")
    let outcome = try await Executable.run(
      ["run", "s.circles", "-o", output], in: folder.url,
      environment: ["HOME": folder.url.appendingPathComponent("home").path])
    #expect(outcome.status == 2, "\(outcome)")
    #expect(
      outcome.stderr.hasPrefix(
        "circles: error: --output '\(output)' starts with '~', which the shell did not expand"),
      "\(outcome)")
    #expect(folder.allFiles(in: "home") == [".keep"])
    #expect(folder.allFiles(in: ".") == before)
  }

  @Test(
    "render targets inside the folder are written, through links that stay inside too",
    arguments: [
      ("..png", "out/..png"), ("here/x.png", "out/x.png"), ("new/dir/x.png", "out/new/dir/x.png"),
      ("deep/~x.png", "out/deep/~x.png"),
    ])
  func inside(target: String, written: String) async throws {
    let folder = try Self.workspace(render: target)
    let outcome = try await Self.run(folder)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stderr == "")
    #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(written).path))
    #expect(folder.allFiles(in: "outside") == [".keep"])
  }

  @Test("a 250-character id gives a frame whose name is cut to fit, and the run succeeds")
  func longId() async throws {
    let folder = try TemporaryFolder()
    let id = String(repeating: "a", count: 250)
    try folder.write("add \(id) at 5,5 r 4\nmove \(id) by 1,1\n", to: "long.circles")
    let outcome = try await Executable.run(["run", "long.circles", "-o", "out"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stderr == "")
    let cut = String(repeating: "a", count: 240 - "0001-add-".count)
    #expect(
      folder.files(in: "out") == [
        "0000-start.png", "0001-add-\(cut).png", "0002-move-\(cut.dropLast()).png",
      ])
  }

  @Test("a render name of 255 bytes is written; one of 256 is an error at its line")
  func longRenderNames() async throws {
    let folder = try TemporaryFolder()
    let fits = String(repeating: "r", count: 251) + ".png"
    let over = "s" + fits
    try folder.write("add a at 5,5 r 4\nrender \(fits)\nrender \(over)\n", to: "names.circles")
    let outcome = try await Executable.run(["run", "names.circles", "-o", "out"], in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(
      outcome.stderr.hasPrefix(
        "names.circles:3:8: error: cannot render '\(over)': the name 'srrrrrrrrrrrrrrrrrrrrrrr…' "
          + "is too long: 256 bytes, at most 255\n"), "\(outcome)")
    #expect(folder.allFiles(in: "out").contains(fits))
    #expect(folder.allFiles(in: "out").allSatisfy { !$0.hasSuffix(".tmp") })
  }

  @Test("a render and a frame with one file name: an error at the render, whichever comes first")
  func renderNamedLikeAFrame() async throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "add a at 5,5 r 4\nrender 0002-add-b.png\nadd b at 9,9 r 4\n", to: "clash.circles")
    let outcome = try await Executable.run(["run", "clash.circles", "-o", "out"], in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(
      outcome.stderr == """
        clash.circles:2:8: error: cannot render '0002-add-b.png': '0002-add-b.png' is also the file of frame 2; choose another name
        render 0002-add-b.png
               ^~~~~~~~~~~~~~

        """)
    // The render is refused: nothing of it stays under the frame's name.
    #expect(folder.files(in: "out") == ["0000-start.png", "0001-add-a.png"])
  }

  @Test(
    "a frame that cannot be written is an error at its command, naming the file as typed",
    arguments: ["out", "./out", "../work/out"])
  func frameErrorPath(output: String) async throws {
    let root = try TemporaryFolder()
    try root.write(
      "canvas 20x20\nadd a at 5,5 r 4\nadd b at 9,9 r 4\nclear\n", to: "work/s.circles")
    try root.write("", to: "work/out/0002-add-b.png/.keep")
    let outcome = try await Executable.run(
      ["run", "s.circles", "-o", output], in: root.url.appendingPathComponent("work"))
    #expect(outcome.status == 2, "\(outcome)")
    #expect(
      outcome.stderr == """
        s.circles:3:1: error: cannot write frame '0002-add-b': '\(output)/0002-add-b.png': is a folder
        add b at 9,9 r 4
        ^~~~~~~~~~~~~~~~

        """)
    #expect(
      outcome.stdout.hasPrefix(
        "run stopped by the error at line 3 after 2 frames, written to \(output) (2 circles, "),
      "\(outcome)")
    #expect(root.files(in: "work/out") == ["0000-start.png", "0001-add-a.png", "0002-add-b.png"])
  }

  @Test(
    "a file of the user's with a frame's name is kept under another, said on standard error",
    arguments: ["out", "./out", "../work/out"])
  func userFileKept(output: String) async throws {
    let root = try TemporaryFolder()
    try root.write("canvas 20x20\nadd a at 5,5 r 4\n", to: "work/s.circles")
    try root.write("my picture", to: "work/out/0001-add-a.png")
    let outcome = try await Executable.run(
      ["run", "s.circles", "-o", output], in: root.url.appendingPathComponent("work"))
    #expect(outcome.status == 0, "\(outcome)")
    #expect(
      outcome.stderr == "circles: note: '\(output)/0001-add-a.png' was not a file circles "
        + "wrote: kept as '\(output)/0001-add-a.png.~1~'\n")
    #expect(outcome.stdout.hasPrefix("2 frames written to \(output) (1 circle, "), "\(outcome)")
    #expect(try root.read("work/out/0001-add-a.png.~1~") == "my picture")
    #expect(
      root.files(in: "work/out") == ["0000-start.png", "0001-add-a.png", "0001-add-a.png.~1~"])
    let again = try await Executable.run(
      ["run", "s.circles", "-o", output], in: root.url.appendingPathComponent("work"))
    #expect(again.status == 0 && again.stderr == "", "\(again)")
  }

  @Test(
    "an output folder that cannot be made is an error before the script runs, with no summary",
    arguments: [
      ("file.txt", "cannot write 'file.txt': not a folder"),
      ("file.txt/inside", "cannot write 'file.txt/inside': not a folder"),
    ])
  func unwritableFolder(output: String, message: String) async throws {
    let folder = try TemporaryFolder()
    try folder.write("add a at 5,5 r 4\n", to: "s.circles")
    try folder.write("mine", to: "file.txt")
    let outcome = try await Executable.run(["run", "s.circles", "-o", output], in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(outcome.stdout == "")
    #expect(outcome.stderr == "circles: error: \(message)\n")
    #expect(
      try String(contentsOf: folder.url.appendingPathComponent("file.txt"), encoding: .utf8)
        == "mine")
  }
}

@Suite("circles run shows control characters of names as pictures")
struct RunNameEscapingTests {
  @Test("a script named with escape bytes: its diagnostics and folder show no raw control byte")
  func escapedNames() async throws {
    let folder = try TemporaryFolder()
    let name = "\u{1B}]0;pwned\u{07}.circles"
    try folder.write("add a at 1,1 r 1\nremove zz\n", to: name)
    let outcome = try await Executable.run(["run", name], in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(
      outcome.stdout.hasPrefix(
        "run stopped by the error at line 2 after 2 frames, written to "
          + "\u{241B}]0;pwned\u{2407}-frames (1 circle, "),
      "\(outcome)")
    #expect(outcome.stderr.hasPrefix("\u{241B}]0;pwned\u{2407}.circles:2:8: error: "), "\(outcome)")
    #expect(!(outcome.stdout + outcome.stderr).unicodeScalars.contains { $0.value == 0x1B })
    #expect(
      folder.files(in: "\u{1B}]0;pwned\u{07}-frames") == ["0000-start.png", "0001-add-a.png"])
  }
}
