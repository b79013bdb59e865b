// What Embedded Swift on wasm32 asks of a C library, which WebAssembly without an operating system lacks (the
// advisor page's module, built by .ci/embedded).
//
// Memory: blocks of 2^k bytes (k = 5 to 31), each reused through a free list of its size once freed, taken from the
// end of the heap otherwise. The page opens one game and then tabulates turn after turn, each a few arrays of the same
// sizes as the last: the lists give them back, so memory stays at its high-water mark instead of growing per turn.
// Eight bytes before every pointer handed out say the block's size class and where the block starts (an aligned
// allocation starts inside its block).
typedef unsigned long size_t;
extern unsigned char __heap_base;
static unsigned long heap_top = 0;
static unsigned long heap_end = 0;
static void *free_blocks[32];

// A block of 2^k bytes at the end of the heap, 16-byte aligned, or 0 where memory cannot grow.
static unsigned long fresh_block(unsigned k) {
  if (heap_top == 0) { heap_top = ((unsigned long)&__heap_base + 15) & ~15UL; heap_end = __builtin_wasm_memory_size(0) * 65536; }
  unsigned long start = heap_top;
  unsigned long size = 1UL << k;
  if (size > heap_end - start) {
    unsigned long pages = (size - (heap_end - start) + 65535) / 65536;
    if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return 0;
    heap_end += pages * 65536;
  }
  heap_top = start + size;
  return start;
}

// `size` bytes at an address that is a multiple of `alignment` (a power of two, at least 16), or 0.
static void *allocate(size_t size, size_t alignment) {
  if (size > (1UL << 30) || alignment > 4096) return 0;
  // The header, and room to move the pointer up to the alignment.
  unsigned long need = size + 8 + (alignment > 16 ? alignment : 8);
  unsigned k = 5;
  while ((1UL << k) < need) k++;
  unsigned long block;
  if (free_blocks[k]) {
    block = (unsigned long)free_blocks[k];
    free_blocks[k] = *(void **)block;
  } else {
    block = fresh_block(k);
    if (!block) return 0;
  }
  unsigned long pointer = (block + 8 + alignment - 1) & ~(alignment - 1);
  unsigned *header = (unsigned *)(pointer - 8);
  header[0] = k;
  header[1] = (unsigned)(pointer - block);
  return (void *)pointer;
}

void *malloc(size_t size) { return allocate(size, 16); }
void free(void *p) {
  if (!p) return;
  unsigned *header = (unsigned *)((unsigned long)p - 8);
  unsigned k = header[0];
  void **block = (void **)((unsigned long)p - header[1]);
  *block = free_blocks[k];
  free_blocks[k] = block;
}
int posix_memalign(void **out, size_t alignment, size_t size) {
  void *p = allocate(size, alignment < 16 ? 16 : alignment);
  if (!p) return 12;
  *out = p;
  return 0;
}
void *memset(void *d, int c, size_t n) { unsigned char *p = d; while (n--) *p++ = (unsigned char)c; return d; }
void *memcpy(void *d, const void *s, size_t n) { unsigned char *p = d; const unsigned char *q = s; while (n--) *p++ = *q++; return d; }
void *memmove(void *d, const void *s, size_t n) {
  unsigned char *p = d; const unsigned char *q = s;
  if (p < q) { while (n--) *p++ = *q++; } else { p += n; q += n; while (n--) *--p = *--q; }
  return d;
}
int memcmp(const void *a, const void *b, size_t n) {
  const unsigned char *p = a, *q = b;
  for (; n; n--, p++, q++) if (*p != *q) return *p - *q;
  return 0;
}
size_t strlen(const char *s) { size_t n = 0; while (s[n]) n++; return n; }
// Randomness for SystemRandomNumberGenerator: the solvers never draw (a strategy that ignores the generator is
// handed one), so a fixed xorshift sequence serves.
void arc4random_buf(void *buf, size_t n) {
  static unsigned long x = 2463534242UL;
  unsigned char *p = buf;
  while (n--) { x ^= x << 13; x ^= x >> 17; x ^= x << 5; *p++ = (unsigned char)x; }
}
// print writes nowhere: nothing in the core prints.
int putchar(int c) { return c; }
// compiler-rt's 128-bit multiply (Swift's multipliedFullWidth of 64-bit integers), from 32-bit halves: the low 128
// bits of a * b, each operand given as its low and high 64 bits.
typedef unsigned long long u64;
typedef struct { u64 low, high; } u128;
static u128 multiply64(u64 a, u64 b) {
  u64 a0 = a & 0xffffffffULL, a1 = a >> 32, b0 = b & 0xffffffffULL, b1 = b >> 32;
  u64 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  u64 middle = (p00 >> 32) + (p01 & 0xffffffffULL) + (p10 & 0xffffffffULL);
  u128 r = { (p00 & 0xffffffffULL) | (middle << 32), p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32) };
  return r;
}
void __multi3(u128 *result, u64 a_low, u64 a_high, u64 b_low, u64 b_high) {
  u128 r = multiply64(a_low, b_low);
  r.high += a_low * b_high + a_high * b_low;
  *result = r;
}

unsigned long __stack_chk_guard = 0x5f5f5f5f;
void __stack_chk_fail(void) { __builtin_trap(); }
