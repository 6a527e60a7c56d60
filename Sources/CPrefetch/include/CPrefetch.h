#ifndef NAVRC_CPREFETCH_H
#define NAVRC_CPREFETCH_H

/// Asks the processor to bring the cache line holding `address` in, without waiting for it:
/// Swift has no such call. Reading `address` first is not needed, and nothing faults.
static inline void navrc_prefetch(const void *address) {
  __builtin_prefetch(address, 0, 3);
}

#endif
