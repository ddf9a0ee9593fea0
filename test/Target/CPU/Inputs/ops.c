/* End-to-end check of TTIR operations beyond the corpus: scan, multi-operand
 * reduce (argmax), reductions along either axis, atomics from several
 * threads, f32 dot with trans, join/split/cat/reshape/gather/histogram and
 * math functions. Kernels: ops.ttir.
 * usage: ops <kernels.so> */
#include "driver.h"

#include <pthread.h>

static int bad, reported;
#define CHECK(what, got, want, rtol, atol, i)                                  \
  (bad += check(what, got, want, rtol, atol, i, &reported))

static void test_scan(const char *so) {
  packed_fn k = load_kernel(so, "scan_kernel");
  float *x = guarded_alloc(128 * 4), *y = guarded_alloc(128 * 4),
        *z = guarded_alloc(128 * 4);
  for (int i = 0; i < 128; ++i)
    x[i] = (float)uniform(-1, 1);
  void *args[] = {&x, &y, &z};
  k(args, 0, 0, 0, 1, 1, 1);
  double s = 0;
  for (int i = 0; i < 128; ++i) {
    s += x[i];
    CHECK("cumsum", y[i], s, 1e-5, 1e-5, i);
  }
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 16; ++c) {
      double m = -INFINITY;
      for (int cc = c; cc < 16; ++cc)
        m = fmax(m, x[r * 16 + cc]);
      CHECK("rev_cummax", z[r * 16 + c], m, 0, 0, r * 16 + c);
    }
}

static void test_reduce(const char *so) {
  packed_fn k = load_kernel(so, "reduce_kernel");
  float *x = guarded_alloc(128 * 4), *colsum = guarded_alloc(32 * 4);
  int32_t *idx = guarded_alloc(4 * 4), *imax = guarded_alloc(4);
  for (int i = 0; i < 128; ++i)
    x[i] = (float)(int)uniform(-50, 50); /* integers: ties happen */
  void *args[] = {&x, &idx, &colsum, &imax};
  k(args, 0, 0, 0, 1, 1, 1);
  int32_t mx = INT32_MIN;
  for (int r = 0; r < 4; ++r) {
    int best = 0;
    for (int c = 1; c < 32; ++c)
      if (x[r * 32 + c] > x[r * 32 + best])
        best = c;
    CHECK("argmax", idx[r], best, 0, 0, r);
  }
  for (int c = 0; c < 32; ++c) {
    double s = 0;
    for (int r = 0; r < 4; ++r)
      s += x[r * 32 + c];
    CHECK("colsum", colsum[c], s, 1e-6, 1e-6, c);
  }
  for (int i = 0; i < 128; ++i)
    if ((int32_t)x[i] > mx)
      mx = (int32_t)x[i];
  CHECK("imax", *imax, mx, 0, 0, 0);
}

struct atomic_job {
  packed_fn k;
  void **args;
  int first, grid;
};

static void *atomic_worker(void *p) {
  struct atomic_job *j = p;
  for (int pid = j->first; pid < j->grid; pid += 2)
    j->k(j->args, pid, 0, 0, j->grid, 1, 1);
  return NULL;
}

static void test_atomics(const char *so) {
  packed_fn k = load_kernel(so, "atomic_kernel");
  int32_t n = 64 * 200 - 17;
  int grid = (n + 63) / 64;
  float *acc = guarded_alloc(4 * 4), *x = guarded_alloc(n * 4);
  int32_t *cnt = guarded_alloc(3 * 4);
  memset(acc, 0, 16);
  memset(cnt, 0, 12);
  for (int i = 0; i < n; ++i)
    x[i] = (float)(int)uniform(0, 8); /* exact sums in f32 */
  void *args[] = {&acc, &x, &n, &cnt};
  pthread_t t[2];
  struct atomic_job jobs[2] = {{k, args, 0, grid}, {k, args, 1, grid}};
  for (int i = 0; i < 2; ++i)
    pthread_create(&t[i], NULL, atomic_worker, &jobs[i]);
  for (int i = 0; i < 2; ++i)
    pthread_join(t[i], NULL);
  for (int b = 0; b < 4; ++b) {
    double s = 0;
    for (int i = b; i < n; i += 4)
      s += x[i];
    CHECK("atomic_fadd", acc[b], s, 0, 0, b);
  }
  CHECK("atomic_add", cnt[0], grid, 0, 0, 0);
  bad += cnt[1] < 1 || cnt[1] > grid;
  CHECK("atomic_max", cnt[2], grid - 1, 0, 0, 2);
}

/* The dot kernels: C (16x64) = 1 + A (16x32) times the transpose of Bt
 * (64x32). Elements are stored and read through the functions of their
 * type. */
typedef void (*put_fn)(void *buf, int i, double v);
typedef double (*get_fn)(const void *buf, int i);

static void put_f32(void *buf, int i, double v) {
  ((float *)buf)[i] = (float)v;
}
static double get_f32(const void *buf, int i) {
  return ((const float *)buf)[i];
}
static double get_i32(const void *buf, int i) {
  return ((const int32_t *)buf)[i];
}

/* bf16 inputs with an f32 accumulator (micro-kernel path after widening),
 * and i8 inputs with an i32 accumulator (loop path). */
static void put_bf16(void *buf, int i, double v) {
  float f = (float)v;
  uint32_t bits;
  memcpy(&bits, &f, 4);
  bits += 0x7fff + ((bits >> 16) & 1); /* round to nearest even */
  ((uint16_t *)buf)[i] = (uint16_t)(bits >> 16);
}
static double get_bf16(const void *buf, int i) {
  uint32_t bits = (uint32_t)((const uint16_t *)buf)[i] << 16;
  float f;
  memcpy(&f, &bits, 4);
  return f;
}
static void put_i8(void *buf, int i, double v) {
  ((int8_t *)buf)[i] = (int8_t)v;
}
static double get_i8(const void *buf, int i) {
  return ((const int8_t *)buf)[i];
}

/* Runs dot kernel `name` on A and Bt of `elt_bytes` elements drawn from
 * uniform(lo, hi) and checks its C of `c_bytes` elements (mismatches are
 * reported under the name without its "_kernel"). */
static void test_one_dot(const char *so, const char *name, size_t elt_bytes,
                         put_fn put, get_fn get, double lo, double hi,
                         size_t c_bytes, get_fn get_c, double tol) {
  packed_fn k = load_kernel(so, name);
  char what[32];
  snprintf(what, sizeof what, "%.*s", (int)(strstr(name, "_kernel") - name),
           name);
  void *a = guarded_alloc(16 * 32 * elt_bytes),
       *bt = guarded_alloc(64 * 32 * elt_bytes),
       *c = guarded_alloc(16 * 64 * c_bytes);
  for (int i = 0; i < 16 * 32; ++i)
    put(a, i, uniform(lo, hi));
  for (int i = 0; i < 64 * 32; ++i)
    put(bt, i, uniform(lo, hi));
  void *args[] = {&a, &bt, &c};
  k(args, 0, 0, 0, 1, 1, 1);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 64; ++j) {
      double s = 1;
      for (int kk = 0; kk < 32; ++kk)
        s += get(a, i * 32 + kk) * get(bt, j * 32 + kk);
      CHECK(what, get_c(c, i * 64 + j), s, tol, tol, i * 64 + j);
    }
}

static void test_dot(const char *so) {
  /* 16x32 times the transpose of 64x32: the f32 micro-kernel path. */
  test_one_dot(so, "dot_kernel", 4, put_f32, get_f32, -1, 1, 4, get_f32, 1e-5);
}

static void test_dot_narrow(const char *so) {
  test_one_dot(so, "dot_bf16_kernel", 2, put_bf16, get_bf16, -1, 1, 4, get_f32,
               1e-5);
  test_one_dot(so, "dot_i8_kernel", 1, put_i8, get_i8, -128, 128, 4, get_i32,
               0);
}

static void test_shapes(const char *so) {
  packed_fn k = load_kernel(so, "shape_kernel");
  float *x = guarded_alloc(16 * 4), *out = guarded_alloc(80 * 4);
  int32_t *iv = guarded_alloc(64 * 4), *hist = guarded_alloc(8 * 4);
  for (int i = 0; i < 16; ++i)
    x[i] = (float)uniform(-5, 5);
  for (int i = 0; i < 64; ++i)
    iv[i] = (int32_t)uniform(-2, 10);
  void *args[] = {&x, &out, &iv, &hist};
  k(args, 0, 0, 0, 1, 1, 1);
  for (int i = 0; i < 16; ++i) {
    CHECK("cat.lo", out[i], 2.0 * x[i], 0, 0, i);
    CHECK("cat.hi", out[16 + i], x[i], 0, 0, i);
    CHECK("join.even", out[32 + 2 * i], x[i], 0, 0, i);
    CHECK("join.odd", out[33 + 2 * i], 2.0 * x[i], 0, 0, i);
    CHECK("gather", out[64 + i], x[15 - i], 0, 0, i);
  }
  for (int b = 0; b < 8; ++b) {
    int count = 0;
    for (int i = 0; i < 64; ++i)
      count += iv[i] == b;
    CHECK("histogram", hist[b], count, 0, 0, b);
  }
}

static void test_math(const char *so) {
  packed_fn k = load_kernel(so, "math_kernel");
  float *x = guarded_alloc(128 * 4), *out = guarded_alloc(16 * 128 * 4);
  for (int i = 0; i < 128; ++i)
    x[i] = (float)uniform(0.1, 3);
  void *args[] = {&x, &out};
  k(args, 0, 0, 0, 1, 1, 1);
  static const char *names[] = {
      "exp",   "log",  "sin",   "cos",  "tanh", "erf",   "sqrt", "rsqrt",
      "floor", "exp2", "log1p", "atan", "pow",  "clamp", "half", "div"};
  for (int i = 0; i < 128; ++i) {
    double v = x[i];
    double want[16] = {exp(v),
                       log(v),
                       sin(v),
                       cos(v),
                       tanh(v),
                       erf(v),
                       sqrt(v),
                       1 / sqrt(v),
                       floor(v),
                       exp2(v),
                       log1p(v),
                       atan(v),
                       pow(v, v),
                       fmin(fmax(v, 0.5), 2.0),
                       half_to_double(double_to_half(v)),
                       v / 2};
    for (int f = 0; f < 16; ++f)
      CHECK(names[f], out[f * 128 + i], want[f], 1e-5, 1e-6, i);
  }
}

int main(int argc, char **argv) {
  static const struct {
    const char *name;
    void (*run)(const char *so);
  } tests[] = {{"scan", test_scan},
               {"reduce", test_reduce},
               {"atomics", test_atomics},
               {"dot", test_dot},
               {"dot bf16/i8", test_dot_narrow},
               {"shapes", test_shapes},
               {"math", test_math}};
  if (argc != 2)
    return 2;
  for (size_t t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
    int before = bad;
    tests[t].run(argv[1]);
    printf("%s: %s\n", tests[t].name, bad > before ? "FAIL" : "PASS");
  }
  return bad != 0;
}
