import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension TemporaryFolder {
  /// Writes a file whose name is the given bytes, which need not be UTF-8 (Foundation's file
  /// APIs take names as text and cannot), in a subfolder that exists.
  ///
  /// - Parameter subfolder: the subfolder's path below this folder, as bytes.
  public func write(_ data: Data, toRawName name: [UInt8], inRaw subfolder: [UInt8] = []) throws {
    let path = raw(subfolder) + [UInt8(ascii: "/")] + name + [0]
    let descriptor = path.withUnsafeBufferPointer { raw in
      raw.withMemoryRebound(to: CChar.self) {
        open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      }
    }
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    _ = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
  }

  /// The path of a subfolder given as bytes.
  private func raw(_ subfolder: [UInt8]) -> [UInt8] {
    Array(url.path.utf8) + (subfolder.isEmpty ? [] : [UInt8(ascii: "/")] + subfolder)
  }

  /// The names of the entries of a subfolder as the bytes the system holds, sorted.
  ///
  /// - Parameter subfolder: the subfolder's path below this folder, as bytes.
  public func rawNames(inRaw subfolder: [UInt8] = []) -> [[UInt8]] {
    let path = raw(subfolder) + [0]
    let opened = path.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { opendir($0.baseAddress!) }
    }
    guard let stream = opened else { return [] }
    defer { closedir(stream) }
    var names: [[UInt8]] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      if name != [0x2E], name != [0x2E, 0x2E] { names.append(name) }
    }
    return names.sorted { $0.lexicographicallyPrecedes($1) }
  }

  /// Removes the folder and everything in it, names that are not UTF-8 included (which
  /// Foundation, and so this folder's own clean-up, cannot remove).
  public func removeEverything() {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/rm")
    process.arguments = ["-rf", url.path]
    try? process.run()
    process.waitUntilExit()
  }
}
