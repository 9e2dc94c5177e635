import Foundation

extension PixelImage {
  /// Creates an image whose every pixel holds `pixel`, or says that the memory cannot be had.
  ///
  /// Swift stops the program when an array cannot be allocated; images can be large enough for
  /// that to happen under a memory limit (a 16384×16384 image takes 1 GiB), so images made from
  /// files are made through here and a failure is an error the caller reports.
  ///
  /// - Parameters:
  ///   - width: width in pixels, at least 0.
  ///   - height: height in pixels, at least 0.
  ///   - pixel: a premultiplied ARGB32 value.
  /// - Throws: `RenderError.outOfMemory` when the memory for the pixels cannot be had.
  public init(width: Int, height: Int, repeating pixel: UInt32) throws(RenderError) {
    try PixelImage.checkMemory(pixels: width * height, for: "make a \(width)×\(height) image")
    self.init(
      width: width, height: height, pixels: [UInt32](repeating: pixel, count: width * height))
  }

  /// Checks that `pixels` pixels of memory can be allocated now, by allocating and releasing
  /// them: large blocks come straight from the system and go straight back, so the array made
  /// right after gets the same room.
  ///
  /// - Parameters:
  ///   - pixels: how many pixels (4 bytes each).
  ///   - operation: what they are for, as the error says it (`decode a 16384×16384 PNG file`).
  /// - Throws: `RenderError.outOfMemory` when they cannot.
  public static func checkMemory(pixels: Int, for operation: String) throws(RenderError) {
    let (bytes, overflow) = pixels.multipliedReportingOverflow(by: MemoryLayout<UInt32>.stride)
    guard !overflow, pixels >= 0 else { throw .outOfMemory(operation: operation) }
    // Small images are not worth a probe: a failure there is the whole program's.
    guard bytes >= 1 << 20 else { return }
    guard canAllocate(bytes: bytes) else { throw .outOfMemory(operation: operation) }
  }

  /// Whether `bytes` bytes can be allocated now: they are mapped and unmapped at once, as the
  /// allocator maps a large block, so that an allocation made right after finds the same room.
  ///
  /// A system call, not `malloc` and `free`: an optimizing compiler may remove a `malloc` whose
  /// block is only freed, taking it as a success, and did so in release builds — `circles run
  /// --animation` of a 16384×16384 canvas under a 2.5 GB address space then trapped on an
  /// allocation of 1 GiB instead of reporting it, as debug builds did.
  static func canAllocate(bytes: Int) -> Bool {
    guard bytes >= 0 else { return false }
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      let size = max(1, bytes)
      let probe = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
      guard let probe, probe != MAP_FAILED else { return false }
      munmap(probe, size)
      return true
    #else
      guard let probe = malloc(max(1, bytes)) else { return false }
      free(probe)
      return true
    #endif
  }

  /// Asks the system to back the storage of a large image with huge pages (2 MiB on x86-64)
  /// before any of it is written, so that writing it takes a page fault every 2 MiB rather
  /// than every 4 KiB; on Linux with transparent huge pages set to `madvise` (Debian's default)
  /// only memory advised so gets them. Nothing changes but the time: the system may decline.
  /// A 1920×1080 image then takes about 590 page faults (the parts of its storage outside
  /// whole huge pages) rather than 2025; in this virtual machine writing two such images took
  /// 2.9 ms instead of 7.1 ms (a C program, malloc and one write a page, at a load average of 13).
  static func adviseHugePages(_ storage: UnsafeMutableBufferPointer<UInt32>) {
    #if os(Linux)
      let huge = 2 << 20
      guard let base = storage.baseAddress, storage.count * 4 >= 2 * huge else { return }
      let page = Int(sysconf(Int32(_SC_PAGESIZE)))
      let start = (Int(bitPattern: base) + page - 1) / page * page
      let end = (Int(bitPattern: base + storage.count)) / page * page
      _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE)
    #endif
  }
}
