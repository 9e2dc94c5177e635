import Foundation

#if canImport(Glibc)
  import Glibc

  private let systemRead = Glibc.read
#elseif canImport(Musl)
  import Musl

  private let systemRead = Musl.read
#elseif canImport(Darwin)
  import Darwin

  private let systemRead = Darwin.read
#endif

/// Reading a whole file from a descriptor, within a bound.
package enum FileReading {
  /// Why a read stopped.
  package enum Failure: Error, Equatable {
    /// The file holds more than the limit.
    case tooLarge
    /// The system's reason, in lower case.
    case system(String)
  }

  /// Reads everything from `descriptor` up to its end, at most `limit` bytes.
  ///
  /// - Throws: `.tooLarge` as soon as more than `limit` bytes come, `.system` when a read
  ///   fails.
  package static func read(_ descriptor: Int32, limit: Int) throws(Failure) -> Data {
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .system(systemReason())
      }
      if count == 0 { return data }
      guard data.count + count <= limit else { throw .tooLarge }
      data.append(contentsOf: chunk[..<count])
    }
  }
}
