import CirclesTestSupport
import Foundation

/// A folder of someone's own things that `circles run` is pointed at: `work/` is the current
/// folder, `work/out/` the output folder, already full of the user's files — some named like
/// frames, a folder named like a frame, links that lead out, a forged manifest — and
/// `outside/` and `home/` (the `HOME` of every run) must never be written.
final class HostileWorkspace {
  let root: TemporaryFolder
  let work: URL
  let out: URL
  let outside: URL
  let home: URL

  /// The user's files in `out/` (bytes of regular files; links by target; folders).
  static let userFiles: [(path: String, content: String)] = [
    ("0042-holiday.png", "holiday photo"), ("0001-my-drawing.png", "a drawing"),
    ("0007-my-photos.png/keep.jpg", "a photo in a folder named like a frame"),
    ("0003-clear.svg", "the user's svg"), ("notes.txt", "notes"), (".hidden", "hidden"),
    ("photos/0000-start.png", "a photo named like a frame, in a subfolder"),
  ]

  init() throws {
    root = try TemporaryFolder()
    work = root.url.appendingPathComponent("work")
    out = work.appendingPathComponent("out")
    outside = root.url.appendingPathComponent("outside")
    home = root.url.appendingPathComponent("home")
    try root.write("keep me", to: "outside/victim.txt")
    try root.write("inner", to: "outside/folder/inner.txt")
    try root.write("profile", to: "home/.profile")
    for (path, content) in Self.userFiles { try root.write(content, to: "work/out/" + path) }
    let links = [
      ("sub", "../../outside"), ("abs", outside.path),
      ("0099-add-z.png", "../../outside/victim.txt"),
      ("photos/up", "../../../outside/folder"), ("here", "."),
    ]
    for (link, target) in links {
      try FileManager.default.createSymbolicLink(
        atPath: out.appendingPathComponent(link).path, withDestinationPath: target)
    }
    // A manifest nobody's run wrote, listing the user's files with made-up identities.
    let forged = [
      "0042-holiday.png", "0001-my-drawing.png", "0007-my-photos.png", "notes.txt",
      "../../outside/victim.txt", "photos/0000-start.png", "0099-add-z.png", "0003-clear.svg",
    ].enumerated().map { "\($0.offset + 2) 13 1700000000.000000000 \($0.element)" }
    try root.write(
      (["circles frames 1"] + forged).joined(separator: "\n") + "\n", to: "work/out/.circles-frames"
    )
  }

  /// Runs `circles` in `work/` with `HOME` set to `home/`.
  func run(_ arguments: [String]) async throws -> Executable.Outcome {
    try await Executable.run(arguments, in: work, environment: ["HOME": home.path])
  }

  /// Writes a script into `work/`.
  func script(_ text: String, named name: String) throws {
    try root.write(text, to: "work/" + name)
  }

  /// The snapshot of `out/` without circles' own manifest and lock file.
  func userSnapshot() throws -> WorkspaceSnapshot {
    var snapshot = try WorkspaceSnapshot(of: out)
    for name in TemporaryFolder.bookkeeping { snapshot.entries[name] = nil }
    return snapshot
  }

  /// The visible files directly in `out/` (the frames and the user's files).
  func names() -> [String] {
    root.files(in: "work/out")
  }
}
