import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What the system's file cache holds of a file, for tests of writing around it.
public enum FileCache {
  /// For each page of the file, whether the cache holds it; nil when the file cannot be
  /// mapped or the system cannot tell.
  public static func residentPages(of url: URL) -> [Bool]? {
    #if canImport(Glibc)
      let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var info = stat()
      guard fstat(descriptor, &info) == 0, info.st_size > 0 else { return nil }
      let length = Int(info.st_size)
      guard let mapping = mmap(nil, length, PROT_READ, MAP_SHARED, descriptor, 0),
        mapping != MAP_FAILED
      else { return nil }
      defer { munmap(mapping, length) }
      let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
      var flags = [UInt8](repeating: 0, count: (length + pageSize - 1) / pageSize)
      guard mincore(mapping, length, &flags) == 0 else { return nil }
      return flags.map { $0 & 1 == 1 }
    #else
      return nil
    #endif
  }

  /// Whether the file system holding `folder` accepts direct I/O (`O_DIRECT`).
  public static func allowsDirectWrites(in folder: URL) -> Bool {
    #if canImport(Glibc)
      let probe = folder.appendingPathComponent(".direct-probe-\(UUID().uuidString)").path
      let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | __O_DIRECT, 0o600)
      guard descriptor >= 0 else { return false }
      close(descriptor)
      unlink(probe)
      return true
    #else
      return false
    #endif
  }
}
