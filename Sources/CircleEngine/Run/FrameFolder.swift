import CircleRender
import CircleScript
import CircleSystem
import Foundation

/// The output folder of one run of a script, from the moment the run starts writing until it
/// ends: locked against other runs, written beneath and nowhere else, and cleared of the
/// frames an earlier run wrote and this one did not.
///
/// Opening takes the folder's lock (`.circles-lock`, see `FolderLock`): a second run into the
/// same folder waits until the first has finished, so the folder never holds a mix of two
/// runs. Every file goes through one descriptor of the folder (`FolderHandle`), so no `render`
/// path reaches outside it. `finish()` writes the manifest of this run's frames
/// (`.circles-frames`, see `FrameManifest`) and removes the earlier run's frames that this run
/// did not write again — only regular files the earlier manifest lists, and only while they
/// are still the very files circles wrote (same inode, size and time). The user's files, even
/// when named like frames, and folders are never removed; one standing where a frame is
/// written is renamed aside first (`writeFrame(_:named:)`). Each frame's line is added to the
/// manifest before the frame takes its name, so a run killed midway leaves its frames listed.
package final class FrameFolder: Sendable {
  /// The lock file's name in the output folder.
  package static let lockName = ".circles-lock"
  /// The manifest's name in the output folder.
  package static let manifestName = FrameManifest.fileName

  /// The folder.
  package let url: URL
  let handle: FolderHandle
  let lock: FolderLock
  let earlier: FrameManifest
  /// The manifest, open for this run's frames to be added as they are written.
  let journal: AppendedFile
  let state = Locked(State())

  struct State {
    /// Frame files this run wrote or kept, with their identities.
    var frames: [String: FileIdentity] = [:]
    /// Frame file names produced so far, by frame number.
    var claimed: [String: Int] = [:]
    /// Files this run rendered into the folder itself, with where their `render` was asked
    /// for when the writer said.
    var renders: [String: (site: OutputSite, circleCount: Int)?] = [:]
    /// Those files as written.
    var renderFiles: [String: FileIdentity] = [:]
    /// Every file this run rendered, in the folder or beneath it, by its path there.
    var renderPaths: [String: FileIdentity] = [:]
    /// The paths of every `render` of this run, its files or not (a file of the user's that
    /// held the same bytes, left as it was).
    var renderedPaths: Set<String> = []
    /// Files that were in the way of a frame and were kept under another name.
    var setAside: [SetAsideFile] = []
  }

  /// The folder as messages name it: as the user typed it.
  package var displayPath: String { handle.displayPath }

  /// Opens an output folder for a run, creating it when missing, and takes its lock.
  ///
  /// - Parameters:
  ///   - url: the folder.
  ///   - displayPath: how messages name it (as the user typed it).
  ///   - whenBusy: called with a line to show, before waiting, when another run holds the
  ///     folder.
  /// - Throws: `RunError.cannotWrite` when the folder or its lock file cannot be made.
  package init(
    opening url: URL, displayPath: String, whenBusy: (String) -> Void = { _ in }
  ) throws(RunError) {
    let handle: FolderHandle
    do {
      handle = try FolderHandle(opening: url, displayPath: displayPath)
      lock = try FolderLock(handle, fileNamed: Self.lockName) {
        whenBusy("waiting for another run of circles into '\(displayPath)' to finish")
      }
    } catch {
      throw .cannotWrite(path: error.path, reason: error.reason)
    }
    self.handle = handle
    self.url = url
    earlier = FrameManifest(in: handle)
    do {
      journal = try earlier.openForFrames(in: handle)
    } catch {
      throw .cannotWrite(path: error.path, reason: error.reason)
    }
  }

  /// The folder where a script's frames go when no folder is given: `<script name>-frames`
  /// in the current folder, `stdin-frames` for standard input (`-`).
  package static func defaultPath(forScript path: String) -> String {
    path == "-" ? "stdin-frames" : ScriptSource(bytes: [], fileName: path).baseName + "-frames"
  }

  /// Whether a file name has the form of a frame: four or more digits, optionally `-` and a
  /// slug, and `.png`, `.svg` or `.pdf`.
  package static func isFrameName(_ name: String) -> Bool {
    guard [".png", ".svg", ".pdf"].contains(where: { name.hasSuffix($0) }) else { return false }
    let stem = name.dropLast(4)
    let number = stem.prefix { $0.isASCII && $0.isNumber }
    let rest = stem.dropFirst(number.count)
    guard number.count >= 4 else { return false }
    guard let dash = rest.first else { return true }
    let slug = rest.dropFirst()
    return dash == "-" && !slug.isEmpty && slug.last != "-"
      && slug.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }
  }
}
