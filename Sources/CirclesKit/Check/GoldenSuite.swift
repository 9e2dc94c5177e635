import CircleScript
import CircleSnapshot
import Dispatch
import Foundation

/// Checks many scripts against their goldens, several at once.
public enum GoldenSuite {
  /// One script's check: its result, or the failure that kept it from finishing.
  public struct ScriptCheck: Sendable {
    /// The script file.
    public var script: URL
    /// The script's bytes, for printing diagnostics.
    public var source: [UInt8]
    /// The frame-by-frame result; `nil` when the script could not be read or parsed.
    public var result: ScriptResult?
    /// A syntax or run error, or a failed `expect`, that stopped the script.
    public var failure: ScriptFailure?
    /// Why the script could not be read, if it could not.
    public var readError: RunError?
  }

  /// Renders and checks each script; scripts run in parallel on all cores.
  ///
  /// - Parameters:
  ///   - scripts: the script files.
  ///   - goldenRoot: a folder holding `<script name>/` golden folders, instead of the
  ///     `__snapshots__` folder beside each script.
  ///   - options: record mode, comparison and artifacts; `goldenDirectory` is set per script.
  ///   - currentDirectory: scripts below it are named relative to it in diagnostics.
  /// - Returns: one check per script, in the order given.
  public static func check(
    _ scripts: [URL], goldenRoot: URL?, options: CheckOptions, currentDirectory: URL
  ) -> [ScriptCheck] {
    let slots = Slots<ScriptCheck>(count: scripts.count)
    DispatchQueue.concurrentPerform(iterations: scripts.count) { index in
      let script = scripts[index]
      var options = options
      if let goldenRoot {
        options.goldenDirectory = goldenRoot.appendingPathComponent(
          script.deletingPathExtension().lastPathComponent, isDirectory: true)
      }
      let display = script.relativePath(from: currentDirectory)
      slots.set(index, check(script, displayName: display, options: options))
    }
    return slots.values
  }

  static func check(_ script: URL, displayName: String, options: CheckOptions) -> ScriptCheck {
    let source: ScriptSource
    do {
      source = try ScriptSource(contentsOf: script, displayName: displayName)
    } catch {
      return ScriptCheck(script: script, source: [], result: nil, failure: nil, readError: error)
    }
    let outcome = ScriptFrames.render(source)
    if outcome.failure?.isError == true {
      return ScriptCheck(
        script: script, source: source.bytes, result: nil, failure: outcome.failure, readError: nil)
    }
    let result = GoldenChecker.check(script: script, frames: outcome.frames, options: options)
    return ScriptCheck(
      script: script, source: source.bytes, result: result, failure: outcome.failure,
      readError: nil)
  }
}

/// Results filled in from several threads, each index once.
final class Slots<Value>: @unchecked Sendable {
  private var storage: [Value?]
  private let lock = NSLock()

  init(count: Int) { storage = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ value: Value) {
    lock.withLock { storage[index] = value }
  }

  var values: [Value] { lock.withLock { storage.map { $0! } } }
}

/// Finding the scripts named on the command line.
enum ScriptDiscovery {
  /// The script files among the paths: files as given, folders searched for `.circles` files
  /// (skipping hidden folders and `__snapshots__`), each list sorted, duplicates dropped.
  static func scripts(in paths: [String], context: ToolContext) throws(UsageError) -> [URL] {
    var found: [URL] = []
    let files = FileManager.default
    for path in paths {
      let url = context.url(for: path)
      var isDirectory: ObjCBool = false
      guard files.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
        throw UsageError("cannot read '\(path)': no such file or folder")
      }
      guard isDirectory.boolValue else {
        found.append(url)
        continue
      }
      var inFolder: [URL] = []
      let walker = files.enumerator(
        at: url, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
      while let next = walker?.nextObject() as? URL {
        if next.lastPathComponent == "__snapshots__" {
          walker?.skipDescendants()
        } else if next.pathExtension == "circles" {
          inFolder.append(next.standardizedFileURL)
        }
      }
      if inFolder.isEmpty { throw UsageError("no .circles scripts in '\(path)'") }
      found += inFolder.sorted { $0.path < $1.path }
    }
    var seen = Set<String>()
    return found.filter { seen.insert($0.standardizedFileURL.path).inserted }
  }
}
