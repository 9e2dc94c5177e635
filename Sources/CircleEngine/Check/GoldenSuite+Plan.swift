import CircleRender
import CircleSnapshot
import CircleSystem
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
