/// A file's identity in the scan cache: 128 bits of its bytes, the same on every machine and
/// in every process (Swift's `Hasher` is seeded per process, and CryptoKit is not on Linux).
///
/// Two runs of XXH64 (Yann Collet's published algorithm) with different seeds: fast enough to
/// hash a whole app on every scan, and two different files share a key with a chance near
/// 2⁻¹²⁸, so a cache hit is the file's own reading.
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
  public var high: UInt64
  public var low: UInt64

  public init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  public init(of bytes: [UInt8]) {
    self = bytes.withUnsafeBytes { buffer in
      ContentHash(
        high: Self.xxh64(buffer, seed: 0), low: Self.xxh64(buffer, seed: 0x6e61_7672_632d_6b65))
    }
  }

  /// 32 lowercase hexadecimal digits.
  public var description: String { Self.hex(high) + Self.hex(low) }

  static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
  private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
  private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
  private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
  private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

  /// XXH64 of `bytes`, as the reference implementation computes it (little-endian reads).
  public static func xxh64(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
    let count = bytes.count
    var offset = 0
    func word(_ at: Int) -> UInt64 {
      UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
    }
    var hash: UInt64
    if count >= 32 {
      var v1 = seed &+ prime1 &+ prime2
      var v2 = seed &+ prime2
      var v3 = seed
      var v4 = seed &- prime1
      while offset + 32 <= count {
        v1 = round(v1, word(offset))
        v2 = round(v2, word(offset + 8))
        v3 = round(v3, word(offset + 16))
        v4 = round(v4, word(offset + 24))
        offset += 32
      }
      hash = rotate(v1, 1) &+ rotate(v2, 7) &+ rotate(v3, 12) &+ rotate(v4, 18)
      hash = merge(hash, v1)
      hash = merge(hash, v2)
      hash = merge(hash, v3)
      hash = merge(hash, v4)
    } else {
      hash = seed &+ prime5
    }
    hash &+= UInt64(count)
    while offset + 8 <= count {
      hash ^= round(0, word(offset))
      hash = rotate(hash, 27) &* prime1 &+ prime4
      offset += 8
    }
    if offset + 4 <= count {
      let half = UInt64(
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
      hash ^= half &* prime1
      hash = rotate(hash, 23) &* prime2 &+ prime3
      offset += 4
    }
    while offset < count {
      hash ^= UInt64(bytes[offset]) &* prime5
      hash = rotate(hash, 11) &* prime1
      offset += 1
    }
    hash ^= hash >> 33
    hash &*= prime2
    hash ^= hash >> 29
    hash &*= prime3
    hash ^= hash >> 32
    return hash
  }

  @inline(__always)
  private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
    (value << count) | (value >> (64 - count))
  }

  @inline(__always)
  private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
    rotate(accumulator &+ input &* prime2, 31) &* prime1
  }

  @inline(__always)
  private static func merge(_ accumulator: UInt64, _ value: UInt64) -> UInt64 {
    (accumulator ^ round(0, value)) &* prime1 &+ prime4
  }
}
