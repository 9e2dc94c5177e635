import CirclesTestSupport
import Foundation
import Testing

@Suite("circles view, end to end")
struct ViewCommandTests {
  static let scene = "add sun at 10,10 radius 5\nadd moon at 20,20 radius 3\nundo\n"

  @Test("writes '<script name>-history.html' beside nothing else, and says so")
  func defaultName() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.scene, to: "scene.circles")
    let outcome = try await Executable.run(["view", "scene.circles"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stdout == "history of 4 states written to scene-history.html\n")
    #expect(outcome.stderr == "")
    #expect(folder.files(in: ".") == ["scene-history.html", "scene.circles"])
    let page = try String(
      contentsOf: folder.url.appendingPathComponent("scene-history.html"), encoding: .utf8)
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(page.contains("<title>scene.circles — circles view</title>"))
    #expect(page.contains("\"actions\":[\"start\",\"Add sun\",\"Add moon\",\"Undo Add moon\"]"))
  }

  @Test(
    "-o names the page, making its folders; '-' reads standard input",
    arguments: [
      (["view", "-", "-o", "out/deep/page.html"], "out/deep/page.html"),
      (["view", "-"], "stdin-history.html"),
      (["view", "--output=Page.HTM", "-"], "Page.HTM"),
    ])
  func output(arguments: [String], page: String) async throws {
    let folder = try TemporaryFolder()
    let outcome = try await Executable.run(arguments, in: folder.url, input: Self.scene)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stdout == "history of 4 states written to \(page)\n")
    #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(page).path))
  }

  @Test(
    "command-line mistakes exit 2 with a message and the usage hint, writing nothing",
    arguments: [
      ([], "view needs a script file (or '-' for standard input)"),
      (["a.circles", "b.circles"], "view takes one script; 'b.circles' is extra"),
      (
        ["scene.circles", "--ouput", "x.html"], "unknown option '--ouput'; did you mean '--output'?"
      ),
      (["scene.circles", "-o"], "option '-o' needs a value"),
      (["scene.circles", "-o", "page.png"], "the page 'page.png' needs a .html or .htm extension"),
      (
        ["scene.circles", "-o", "~/page.html"],
        "the page '~/page.html' starts with '~', which the shell did not expand; give the whole path"
      ),
      (
        ["page.html", "-o", "./page.html"],
        "the page './page.html' would replace the script; choose another name"
      ),
    ])
  func usage(arguments: [String], message: String) async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.scene, to: "scene.circles")
    try folder.write(Self.scene, to: "page.html")
    let outcome = try await Executable.run(["view"] + arguments, in: folder.url)
    #expect(outcome.status == 2)
    #expect(outcome.stdout == "")
    #expect(
      outcome.stderr == "circles: error: \(message)\nRun 'circles view --help' for its usage.\n")
    #expect(folder.files(in: ".") == ["page.html", "scene.circles"])
    #expect(
      try String(contentsOf: folder.url.appendingPathComponent("page.html"), encoding: .utf8)
        == Self.scene)
  }

  @Test("a script that cannot be read, or has a syntax error, writes nothing and exits 2")
  func nothingToShow() async throws {
    let folder = try TemporaryFolder()
    let missing = try await Executable.run(["view", "nope.circles"], in: folder.url)
    #expect(missing.status == 2)
    #expect(
      missing.stderr == "circles: error: cannot read 'nope.circles': no such file or folder\n")
    try folder.write("add a at 1,1 r 1\nad b\n", to: "typo.circles")
    let typo = try await Executable.run(["view", "typo.circles"], in: folder.url)
    #expect(typo.status == 2)
    #expect(typo.stdout == "")
    #expect(
      typo.stderr == """
        typo.circles:2:1: error: unknown command 'ad'; did you mean 'add'?
        ad b
        ^~

        """)
    try folder.write("canvas 0x10\n", to: "empty.circles")
    let empty = try await Executable.run(["view", "empty.circles"], in: folder.url)
    #expect(empty.status == 2)
    #expect(empty.stderr.hasPrefix("empty.circles:1:8: error: "), "\(empty)")
    #expect(folder.files(in: ".") == ["empty.circles", "typo.circles"])
  }

  @Test(
    "a script that stops still gets its page, then the diagnostic and its exit code",
    arguments: [
      ("add a at 1,1 r 1\nremove b\n", Int32(2), "scene.circles:2:8: error: no circle named 'b'"),
      ("add a at 1,1 r 1\nexpect count 3\n", Int32(1), "scene.circles:2:"),
    ])
  func stops(script: String, status: Int32, diagnostic: String) async throws {
    let folder = try TemporaryFolder()
    try folder.write(script, to: "scene.circles")
    let outcome = try await Executable.run(["view", "scene.circles"], in: folder.url)
    #expect(outcome.status == status, "\(outcome)")
    #expect(outcome.stdout == "history of 2 states written to scene-history.html\n")
    #expect(outcome.stderr.hasPrefix(diagnostic), "\(outcome)")
    let page = try String(
      contentsOf: folder.url.appendingPathComponent("scene-history.html"), encoding: .utf8)
    let escaped = diagnostic.replacingOccurrences(of: "'", with: "&#39;")
    #expect(page.contains("<pre class=\"diagnostic\" role=\"alert\">\(escaped)"))
    #expect(page.contains("<li id=\"L2\" class=\"error\">"))
  }

  @Test("a page that cannot be written is reported by the path given; nothing is left behind")
  func cannotWrite() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.scene, to: "scene.circles")
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("taken.html"), withIntermediateDirectories: true)
    let outcome = try await Executable.run(
      ["view", "scene.circles", "-o", "taken.html"], in: folder.url)
    #expect(outcome.status == 2)
    #expect(outcome.stdout == "")
    #expect(outcome.stderr == "circles: error: cannot write 'taken.html': is a folder\n")
    #expect(folder.files(in: ".") == ["scene.circles", "taken.html"])
    #expect(folder.files(in: "taken.html") == [])
  }

  @Test("a symbolic link at the page's path is replaced, not written through")
  func symlink() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.scene, to: "scene.circles")
    try folder.write("keep", to: "elsewhere.txt")
    try FileManager.default.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("page.html").path,
      withDestinationPath: "elsewhere.txt")
    let outcome = try await Executable.run(
      ["view", "scene.circles", "-o", "page.html"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(
      try String(contentsOf: folder.url.appendingPathComponent("elsewhere.txt"), encoding: .utf8)
        == "keep")
    let page = try String(
      contentsOf: folder.url.appendingPathComponent("page.html"), encoding: .utf8)
    #expect(page.hasPrefix("<!DOCTYPE html>"))
  }

  @Test("a page name with control characters is written as given and shown with pictures of them")
  func controlCharacters() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.scene, to: "scene.circles")
    let outcome = try await Executable.run(
      ["view", "scene.circles", "-o", "a\u{1b}[2Jb.html"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stdout == "history of 4 states written to a\u{241b}[2Jb.html\n")
    #expect(folder.files(in: ".") == ["a\u{1b}[2Jb.html", "scene.circles"])
  }

  @Test("view is listed in the tool's help and has its own")
  func help() async throws {
    let folder = try TemporaryFolder()
    let tool = try await Executable.run(["--help"], in: folder.url)
    #expect(tool.stdout.contains("\n  view "), "\(tool)")
    let own = try await Executable.run(["view", "--help"], in: folder.url)
    #expect(own.status == 0)
    #expect(
      own.stdout.hasPrefix(
        "Usage: circles view <script.circles | -> [-o <history.html>] [--max-undo <n>]\n"))
  }
}
