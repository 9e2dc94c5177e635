import CircleRender
import CircleSnapshot
import Foundation

extension GoldenSuite {
  /// Refuses a check that would mix up files: two scripts sharing a golden folder (`a/x.circles`
  /// and `b/x.circles` under one `--golden`), where recording one would overwrite the other's
  /// goldens and pruning one would delete them; an artifacts folder inside a golden folder,
  /// where failure images would be written among goldens and later taken for them; or an
  /// artifacts folder that is a symbolic link (a `.circles-artifacts` link in a stranger's
  /// workspace would send the images anywhere).
  static func validate(
    _ scripts: [URL], keys: [String], options: CheckOptions, currentDirectory: URL
  ) throws(GoldenSuiteError) {
    func shown(_ url: URL) -> String {
      DisplayText.escaped(url.relativePath(from: currentDirectory))
    }
    if FolderHandle.isLink(atPath: options.artifactsDirectory.path) {
      throw GoldenSuiteError(
        description: "the artifacts folder '\(shown(options.artifactsDirectory))' is a symbolic "
          + "link, which could lead anywhere; give --artifacts a real folder")
    }
    var owners: [String: URL] = [:]
    for script in scripts {
      let folder = FolderHandle.resolvedPath(options.goldenDirectory(forScript: script).path)
      if let other = owners[folder] {
        throw GoldenSuiteError(
          description: "'\(shown(other))' and '\(shown(script))' would share the golden folder '"
            + "\(shown(options.goldenDirectory(forScript: script)))'; check them in separate "
            + "runs, each with its own --golden")
      }
      owners[folder] = script
    }
    for (script, key) in zip(scripts, keys) {
      let root = goldenRoot(of: script, options: options)
      let artifacts = options.artifactsDirectory.appendingPathComponent(key, isDirectory: true)
      let resolvedRoot = FolderHandle.resolvedPath(root.path)
      let resolvedArtifacts = FolderHandle.resolvedPath(artifacts.path)
      if resolvedArtifacts == resolvedRoot || resolvedArtifacts.hasPrefix(resolvedRoot + "/") {
        throw GoldenSuiteError(
          description: "the artifacts folder '\(shown(options.artifactsDirectory))' is inside "
            + "the golden folders '\(shown(root))' of '\(shown(script))', where failure images "
            + "would be taken for goldens; choose another with --artifacts")
      }
    }
  }

  /// The folder that holds a script's golden folder: `__snapshots__` beside it, the golden root,
  /// or the golden folder itself when one is given.
  static func goldenRoot(of script: URL, options: CheckOptions) -> URL {
    if let folder = options.goldenDirectory { return folder }
    if let root = options.goldenRoot { return root }
    return script.deletingLastPathComponent().appendingPathComponent(
      "__snapshots__", isDirectory: true)
  }
}

/// Reads a script file whole, whatever bytes its path holds: a regular file only, so that a
/// FIFO or a device is refused at once rather than waited on or read forever.
enum ScriptReader {
  /// The largest script read: 1 GiB.
  static let maximumBytes = 1 << 30

  /// - Throws: `RunError.cannotRead` with the reason.
  static func read(_ url: URL, displayName: String) throws(RunError) -> [UInt8] {
    do {
      guard let folder = try FolderHandle.forCheck(url.deletingLastPathComponent()) else {
        throw RunError.cannotRead(path: displayName, reason: systemReason(ENOENT))
      }
      let file = try folder.openFile(url.lastPathComponent, following: true)
      guard file.size <= maximumBytes else {
        throw RunError.cannotRead(
          path: displayName, reason: "it holds \(file.size) bytes; scripts are at most 1 GiB")
      }
      return [UInt8](file.contents())
    } catch let error as RunError {
      throw error
    } catch let error as FileError {
      throw .cannotRead(path: displayName, reason: error.reason)
    } catch {
      throw .cannotRead(path: displayName, reason: "\(error)")
    }
  }
}
