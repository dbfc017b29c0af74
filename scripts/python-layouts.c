// Prints the row of profiler/python/CPythonLayouts.h for the CPython whose headers it is
// compiled against (scripts/python-layouts.sh). Py_BUILD_CORE: the frame structs are internal.
#define Py_BUILD_CORE 1
#include <Python.h>
#if PY_VERSION_HEX < 0x030B0000
#include <frameobject.h>
#endif
#if PY_VERSION_HEX < 0x030A0000
#error "before 3.10: not read by the tracer"
#endif
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#if PY_VERSION_HEX >= 0x030B0000
#include "internal/pycore_frame.h"
#include "internal/pycore_code.h"
#endif
static int bitOf(PyASCIIObject *o, int which) {
  memset(o, 0, sizeof *o);
  if (which == 0)
    o->state.kind = 1;
  else if (which == 1)
    o->state.compact = 1;
  else
    o->state.ascii = 1;
  unsigned v;
  memcpy(&v, (char *)o + offsetof(PyASCIIObject, state), 4);
  return __builtin_ctz(v);
}
int main(void) {
  PyASCIIObject a;
  printf("    {%d, %d, ", PY_MAJOR_VERSION, PY_MINOR_VERSION);
#if PY_VERSION_HEX >= 0x030D0000
  printf("%zu, -1, ", offsetof(PyThreadState, current_frame));
#elif PY_VERSION_HEX >= 0x030B0000
  printf("%zu, %zu, ", offsetof(PyThreadState, cframe), offsetof(_PyCFrame, current_frame));
#else
  printf("%zu, -1, ", offsetof(PyThreadState, frame));
#endif
#if PY_VERSION_HEX >= 0x030D0000
  printf("%zu, %zu, %zu, %zu, ", offsetof(_PyInterpreterFrame, previous),
         offsetof(_PyInterpreterFrame, f_executable), offsetof(_PyInterpreterFrame, instr_ptr),
         offsetof(_PyInterpreterFrame, owner));
#elif PY_VERSION_HEX >= 0x030B0000
  printf("%zu, %zu, %zu, %zu, ", offsetof(_PyInterpreterFrame, previous),
         offsetof(_PyInterpreterFrame, f_code), offsetof(_PyInterpreterFrame, prev_instr),
         offsetof(_PyInterpreterFrame, owner));
#else
  printf("%zu, %zu, %zu, -1, ", offsetof(PyFrameObject, f_back), offsetof(PyFrameObject, f_code),
         offsetof(PyFrameObject, f_lasti));
#endif
#if PY_VERSION_HEX >= 0x030B0000
  printf("%zu, %zu, %zu, %zu, ", offsetof(PyCodeObject, co_filename),
         offsetof(PyCodeObject, co_qualname), offsetof(PyCodeObject, co_code_adaptive),
         offsetof(PyCodeObject, _co_firsttraceable));
#else
  printf("%zu, %zu, -1, -1, ", offsetof(PyCodeObject, co_filename),
         offsetof(PyCodeObject, co_name));
#endif
  printf("%zu, %zu, %zu, %zu, %zu, %d, %d, %d},\n", offsetof(PyObject, ob_type),
         offsetof(PyASCIIObject, length), offsetof(PyASCIIObject, state), sizeof(PyASCIIObject),
         sizeof(PyCompactUnicodeObject), bitOf(&a, 0), bitOf(&a, 1), bitOf(&a, 2));
  return 0;
}
