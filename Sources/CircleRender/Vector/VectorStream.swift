internal import CCairo
import Foundation

/// Collects the bytes a Cairo stream surface writes, so a vector document can live in `Data`.
final class VectorStream {
  private(set) var data = Data()

  /// The C callback Cairo calls with each chunk of output; the closure is this object.
  static let write: cairo_write_func_t = { closure, bytes, length in
    guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
    let stream = Unmanaged<VectorStream>.fromOpaque(closure).takeUnretainedValue()
    if let bytes, length > 0 {
      stream.data.append(bytes, count: Int(length))
    }
    return CAIRO_STATUS_SUCCESS
  }

  /// The pointer to hand Cairo as the closure; valid while this object lives.
  var closure: UnsafeMutableRawPointer {
    Unmanaged.passUnretained(self).toOpaque()
  }
}
