#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutex and a condition variable (POSIX threads): what `NSCondition` gave, without linking
/// all of Foundation, whose libraries took a large share of every `navrc` start-up.
///
/// `@unchecked Sendable`: the pthread objects are made for use from several threads, and live
/// at a fixed address for the object's lifetime.
package final class ThreadCondition: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  package init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  package func lock() { pthread_mutex_lock(mutex) }

  package func unlock() { pthread_mutex_unlock(mutex) }

  /// Waits for a `broadcast`, with the lock held before and after (and released meanwhile).
  package func wait() { pthread_cond_wait(condition, mutex) }

  /// Wakes every thread waiting; call with the lock held.
  package func broadcast() { pthread_cond_broadcast(condition) }

  package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}
