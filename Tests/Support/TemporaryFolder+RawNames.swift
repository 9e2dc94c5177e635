import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension TemporaryFolder {
  /// Writes a file whose name is the given bytes, which need not be UTF-8 (Foundation's file
  /// APIs take names as text and cannot).
  public func write(_ data: Data, toRawName name: [UInt8], in subfolder: String = "") throws {
    let folder = subfolder.isEmpty ? url : url.appendingPathComponent(subfolder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]
    let descriptor = path.withUnsafeBufferPointer { raw in
      raw.withMemoryRebound(to: CChar.self) {
        open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      }
    }
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    _ = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
  }

  /// The names of the entries of a subfolder as the bytes the system holds, sorted.
  public func rawNames(in subfolder: String = "") -> [[UInt8]] {
    let folder = subfolder.isEmpty ? url : url.appendingPathComponent(subfolder)
    guard let stream = opendir(folder.path) else { return [] }
    defer { closedir(stream) }
    var names: [[UInt8]] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      if name != [0x2E], name != [0x2E, 0x2E] { names.append(name) }
    }
    return names.sorted { $0.lexicographicallyPrecedes($1) }
  }

  /// Deletes a file named by bytes, so the folder can be removed when the test ends.
  public func removeRaw(_ name: [UInt8], in subfolder: String = "") {
    let folder = subfolder.isEmpty ? url : url.appendingPathComponent(subfolder)
    let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]
    _ = path.withUnsafeBufferPointer { raw in
      raw.withMemoryRebound(to: CChar.self) { unlink($0.baseAddress!) }
    }
  }
}
