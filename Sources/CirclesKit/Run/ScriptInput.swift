import Foundation

/// Reading the script a subcommand was given: a file, or standard input for `-`.
enum ScriptInput {
  static func read(_ path: String, in context: ToolContext) throws(RunError) -> ScriptSource {
    if path == "-" {
      return ScriptSource(bytes: [UInt8](context.readStandardInput()), fileName: "<stdin>")
    }
    let url = context.url(for: path)
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw .cannotRead(path: path, reason: "is a folder, not a script")
    }
    return try ScriptSource(contentsOf: url, displayName: path)
  }
}

/// The frames a run leaves in its output folder.
enum FrameFolder {
  /// Whether a file name has the form of a frame: four or more digits, `-`, a slug, and `.png`,
  /// `.svg` or `.pdf`.
  static func isFrameName(_ name: String) -> Bool {
    guard [".png", ".svg", ".pdf"].contains(where: { name.hasSuffix($0) }) else { return false }
    let stem = name.dropLast(4)
    guard let dash = stem.firstIndex(of: "-") else { return false }
    let number = stem[..<dash]
    let slug = stem[stem.index(after: dash)...]
    return number.count >= 4 && number.allSatisfy { $0.isASCII && $0.isNumber }
      && !slug.isEmpty
      && slug.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }
  }

  /// Removes frame files left by an earlier run that this run did not write.
  static func removeStaleFrames(in folder: URL, keeping written: Set<String>) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names where isFrameName(name) && !written.contains(name) {
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
    }
  }
}

extension URL {
  /// The path relative to a folder when inside it, else the absolute path.
  func relativePath(from folder: URL) -> String {
    let base = folder.standardizedFileURL.path
    let path = standardizedFileURL.path
    if path == base { return "." }
    let prefix = base.hasSuffix("/") ? base : base + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }
}
