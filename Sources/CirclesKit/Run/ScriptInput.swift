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
