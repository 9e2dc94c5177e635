import CircleRender
import CircleSystem
import Foundation

/// The frames a run of circles wrote into its output folder, kept there in the hidden file
/// `.circles-frames`, so that a later run removes those frames and nothing else.
///
/// The file is text: a first line `circles frames 1`, then one line per frame file,
/// `<inode> <size> <seconds>.<nanoseconds> <name>` (sorted by name when written whole, then
/// the lines a run adds as it goes): the file's identity when circles wrote it
/// (`FileIdentity`) and its name in the folder. Files of `render` commands are listed the same
/// way under their paths with `./` before them (`./final.png`), so that a later run knows them
/// for circles' own; they are never removed. A line that does not read so, or names neither a
/// frame nor a render, is ignored, as is a manifest over 256 MiB or with another first line:
/// an unreadable manifest removes nothing. A run adds each file's line before the file is in
/// place, so a name may be listed twice after a run was killed.
struct FrameManifest: Equatable, Sendable {
  /// The manifest's file name in the output folder.
  static let fileName = ".circles-frames"
  /// The first line, naming the format and its version.
  static let header = "circles frames 1"
  /// The largest manifest read; over a million frames of the longest names.
  static let sizeLimit = 256 << 20

  /// Each frame file by name, with its identity when written.
  var entries: [String: FileIdentity]
  /// Each file of a `render` by its path in the folder (`final.png`, `shots/ring.png`), with
  /// its identity when written: never removed, only known as circles' own when written again.
  var renders: [String: FileIdentity]

  init(entries: [String: FileIdentity] = [:], renders: [String: FileIdentity] = [:]) {
    self.entries = entries
    self.renders = renders
  }

  /// The manifest in a folder; empty when there is none or it cannot be read.
  ///
  /// A name listed more than once (a run killed after it added a frame's line and before the
  /// frame was in place) is the file of the line that matches the file there, or of the last.
  init(in folder: FolderHandle) {
    guard let data = try? folder.contents(ofFileNamed: Self.fileName, limit: Self.sizeLimit) else {
      self.init()
      return
    }
    self.init(text: String(decoding: data, as: UTF8.self)) { folder.identity(ofFileNamed: $0) }
  }

  /// Reads the text of a manifest; `present` tells, for a name listed more than once, the
  /// identity of the file there now.
  init(text: String, present: (String) -> FileIdentity? = { _ in nil }) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
    guard lines.popFirst() == Substring(Self.header) else {
      self.init()
      return
    }
    var entries: [String: FileIdentity] = [:]
    var renders: [String: FileIdentity] = [:]
    var repeated: [String: [FileIdentity]] = [:]
    for line in lines {
      let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
      guard fields.count == 4, let identity = FileIdentity(fields[0...2].joined(separator: " "))
      else { continue }
      let name = String(fields[3])
      if FrameFolder.isFrameName(name) {
        if let first = entries.updateValue(identity, forKey: name) {
          repeated[name, default: [first]].append(identity)
        }
      } else if name.hasPrefix(Self.renderMark), Self.isRenderPath(String(name.dropFirst(2))) {
        renders[String(name.dropFirst(2))] = identity
      }
    }
    for (name, identities) in repeated {
      if let file = present(name), identities.contains(file) { entries[name] = file }
    }
    self.init(entries: entries, renders: renders)
  }

  /// What a render's path starts with in the manifest, `./`, so that no render is ever taken
  /// for a frame, even one named as frames are.
  static let renderMark = "./"

  /// The line that lists one file of a `render`.
  static func line(render path: String, _ identity: FileIdentity) -> String {
    line(renderMark + path, identity)
  }

  /// Whether a path is one a `render` writes, as `RenderPath` gives it.
  static func isRenderPath(_ path: String) -> Bool {
    guard canList(path), let dot = path.lastIndex(of: ".") else { return false }
    let fileExtension = String(path[path.index(after: dot)...])
    guard ["png", "svg", "pdf"].contains(fileExtension) else { return false }
    return (try? RenderPath(path, fileExtension: fileExtension))?.path == path
  }

  /// Whether a name or path fits on one line of the manifest.
  static func canList(_ path: String) -> Bool {
    !path.contains("\n") && !path.contains("\r")
  }

  /// The line that lists one frame file.
  static func line(_ name: String, _ identity: FileIdentity) -> String {
    "\(identity) \(name)\n"
  }

  /// The manifest's text.
  var text: String {
    let frames = entries.keys.sorted().map { Self.line($0, entries[$0]!) }
    let files = renders.keys.filter(Self.canList).sorted().map {
      Self.line(render: $0, renders[$0]!)
    }
    return Self.header + "\n" + (frames + files).joined()
  }

  /// Writes the manifest whole into a folder (a temporary file renamed over the old one).
  ///
  /// - Throws: `FileError` when it cannot be written.
  func write(to folder: FolderHandle) throws(FileError) {
    try AtomicFile.write(
      Data(text.utf8), named: Self.fileName, in: folder, syncingFolder: false, flushing: false)
  }

  /// Writes the manifest whole into a folder and opens it there for the lines of a run's
  /// frames, each added before its frame is renamed into place: a run killed at any moment
  /// leaves every frame it put in the folder listed.
  ///
  /// - Throws: `FileError` when it cannot be written.
  func openForFrames(in folder: FolderHandle) throws(FileError) -> AppendedFile {
    try write(to: folder)
    return try AppendedFile(named: Self.fileName, in: folder)
  }
}
