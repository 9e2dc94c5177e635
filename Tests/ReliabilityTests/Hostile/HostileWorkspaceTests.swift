import CircleRender
import CirclesTestSupport
import Foundation
import Testing

/// `circles run` in a folder full of the user's files, given scripts that try to write outside
/// it: every user file is byte-identical afterwards, nothing is written outside, and the
/// folder holds the user's files and the last run's frames.
@Suite("A hostile workspace, end to end")
struct HostileWorkspaceTests {
  /// A script of `frames - 1` changes, each its own frame, with two renders.
  static let drawing = """
    canvas 60x40
    add a at 10,10 r 6 fill red
    add b at 30,20 r 8 fill blue
    move a by 5,5
    clear
    undo
    render pics/final.png
    render here/0098-final.png
    """

  /// Render targets that lead out, and what each gives on standard error's first line.
  static let hostile: [(target: String, first: String)] = [
    ("~/x.png", "h.circles:2:8: error: cannot render '~/x.png': "),
    ("~bin/x.png", "h.circles:2:8: error: cannot render '~bin/x.png': "),
    ("sub/x.png", "h.circles:2:8: error: cannot render 'sub/x.png': 'sub' is a symbolic link"),
    ("abs/x.png", "h.circles:2:8: error: cannot render 'abs/x.png': 'abs' is a symbolic link"),
    ("photos/up/x.png", "h.circles:2:8: error: cannot render 'photos/up/x.png': 'up' is a"),
    ("here/sub/x.png", "h.circles:2:8: error: cannot render 'here/sub/x.png': 'sub' is a"),
    ("../x.png", "h.circles:2:8: error: render file '../x.png' must stay inside"),
    ("/tmp/circles-hostile-x.png", "h.circles:2:8: error: render file '/tmp/circles-hostile"),
    ("0002-add-b.png", "h.circles:2:8: error: cannot render '0002-add-b.png': '0002-add-b.png' is"),
  ]

  @Test("the user's files stay byte-identical and nothing is written outside, run after run")
  func userFilesSurvive() async throws {
    let space = try HostileWorkspace()
    let user = try space.userSnapshot()
    let outside = try WorkspaceSnapshot(of: space.outside)
    let home = try WorkspaceSnapshot(of: space.home)

    try space.script(Self.drawing, named: "drawing.circles")
    let first = try await space.run(["run", "drawing.circles", "-o", "out"])
    #expect(first.status == 0, "\(first)")
    #expect(first.stderr == "")
    for (target, line) in Self.hostile {
      try space.script("add a at 5,5 r 4\nrender \(target)\nadd b at 9,9 r 4\n", named: "h.circles")
      let outcome = try await space.run(["run", "h.circles", "-o", "out"])
      #expect(outcome.status == 2, "\(target): \(outcome)")
      #expect(outcome.stderr.hasPrefix(line), "\(target): \(outcome)")
    }
    try space.script("canvas 60x40\nadd a at 10,10 r 6 fill red\n", named: "drawing.circles")
    let last = try await space.run(["run", "drawing.circles", "-o", "out"])
    #expect(last.status == 0, "\(last)")

    let now = try space.userSnapshot()
    #expect(now.changes(from: user) == [], "user files changed or gone")
    #expect(try WorkspaceSnapshot(of: space.outside) == outside, "written outside")
    #expect(try WorkspaceSnapshot(of: space.home) == home, "written in HOME")
    #expect(
      now.additions(to: user) == [
        "0000-start.png", "0001-add-a.png", "0098-final.png", "pics", "pics/final.png",
      ])
    #expect(!FileManager.default.fileExists(atPath: "/tmp/circles-hostile-x.png"))
    // The manifest lists the last run's frames and the files renders wrote (never the forged
    // lines): nothing else is circles' own.
    let manifest = try String(
      contentsOf: space.out.appendingPathComponent(".circles-frames"), encoding: .utf8)
    #expect(
      manifest.split(separator: "\n").dropFirst().map { $0.split(separator: " ").last! } == [
        "0000-start.png", "0001-add-a.png", "./here/0098-final.png", "./pics/final.png",
      ])
  }

  @Test("a render onto a symbolic link keeps the link aside; the file it pointed at is untouched")
  func renderOntoALink() async throws {
    let space = try HostileWorkspace()
    try space.script("add a at 5,5 r 4\nrender 0099-add-z.png\n", named: "link.circles")
    let outcome = try await space.run(["run", "link.circles", "-o", "out"])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(
      outcome.stderr == "circles: note: 'out/0099-add-z.png' was not a file circles wrote: kept "
        + "as 'out/0099-add-z.png.~1~'\n")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(
        atPath: space.out.appendingPathComponent("0099-add-z.png.~1~").path)
        == "../../outside/victim.txt")
    #expect(
      try String(contentsOf: space.outside.appendingPathComponent("victim.txt"), encoding: .utf8)
        == "keep me")
    let rendered = try Data(contentsOf: space.out.appendingPathComponent("0099-add-z.png"))
    #expect(try PNGCodec.decode(rendered).width == 512)
  }

  @Test("a lock file or manifest that is a link out is never followed")
  func hostileBookkeeping() async throws {
    let space = try HostileWorkspace()
    let outside = try WorkspaceSnapshot(of: space.outside)
    let lock = space.out.appendingPathComponent(".circles-lock")
    try FileManager.default.createSymbolicLink(
      atPath: lock.path, withDestinationPath: "../../outside/victim.txt")
    try space.script("add a at 5,5 r 4\n", named: "s.circles")
    let refused = try await space.run(["run", "s.circles", "-o", "out"])
    #expect(refused.status == 2)
    #expect(refused.stdout == "")
    #expect(
      refused.stderr == "circles: error: cannot write 'out/.circles-lock': is a symbolic link\n")
    try FileManager.default.removeItem(at: lock)
    let manifest = space.out.appendingPathComponent(".circles-frames")
    try FileManager.default.removeItem(at: manifest)
    try FileManager.default.createSymbolicLink(
      atPath: manifest.path, withDestinationPath: "../../outside/victim.txt")
    let run = try await space.run(["run", "s.circles", "-o", "out"])
    #expect(run.status == 0, "\(run)")
    #expect(try WorkspaceSnapshot(of: space.outside) == outside)
  }
}
