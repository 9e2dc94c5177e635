import CircleRender
import Foundation

/// The frames a run of circles wrote into its output folder, kept there in the hidden file
/// `.circles-frames`, so that a later run removes those frames and nothing else.
///
/// The file is text: a first line `circles frames 1`, then one line per frame file,
/// `<inode> <size> <seconds>.<nanoseconds> <name>`, sorted by name: the file's identity when
/// circles wrote it (`FileIdentity`) and its name in the folder. A line that does not read so,
/// or names something other than a frame file, is ignored, as is a manifest over 256 MiB or
/// with another first line: an unreadable manifest removes nothing.
struct FrameManifest: Equatable, Sendable {
  /// The manifest's file name in the output folder.
  static let fileName = ".circles-frames"
  /// The first line, naming the format and its version.
  static let header = "circles frames 1"
  /// The largest manifest read; over a million frames of the longest names.
  static let sizeLimit = 256 << 20

  /// Each frame file by name, with its identity when written.
  var entries: [String: FileIdentity]

  init(entries: [String: FileIdentity] = [:]) {
    self.entries = entries
  }

  /// The manifest in a folder; empty when there is none or it cannot be read.
  init(in folder: FolderHandle) {
    guard let data = folder.contents(ofFileNamed: Self.fileName, limit: Self.sizeLimit) else {
      self.init()
      return
    }
    self.init(text: String(decoding: data, as: UTF8.self))
  }

  /// Reads the text of a manifest.
  init(text: String) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
    guard lines.popFirst() == Substring(Self.header) else {
      self.init()
      return
    }
    var entries: [String: FileIdentity] = [:]
    for line in lines {
      let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
      guard fields.count == 4, FrameFolder.isFrameName(String(fields[3])),
        let identity = FileIdentity(fields[0...2].joined(separator: " "))
      else { continue }
      entries[String(fields[3])] = identity
    }
    self.init(entries: entries)
  }

  /// The manifest's text.
  var text: String {
    let lines = entries.keys.sorted().map { "\(entries[$0]!) \($0)" }
    return ([Self.header] + lines).joined(separator: "\n") + "\n"
  }

  /// Writes the manifest whole into a folder (a temporary file renamed over the old one).
  ///
  /// - Throws: `RenderError.cannotWrite` when it cannot be written.
  func write(to folder: FolderHandle) throws(RenderError) {
    try AtomicFile.write(
      Data(text.utf8), named: Self.fileName, in: folder, syncingFolder: false, flushing: false)
  }
}
