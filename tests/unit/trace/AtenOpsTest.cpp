// The ATen op of a stall's stack, and the user's Python frame, as the symbolize step names
// them. The function names are those an H100 run of tests/gpu/python_sync_lines.py resolved
// from PyTorch 2.11's libraries.
#include "symbolize/AtenOps.h"
#include "symbolize/Symbolizer.h"

#include <gtest/gtest.h>

using namespace hostsync::trace;

namespace {
std::vector<Frame> framesNamed(const std::vector<std::string> &functions) {
  std::vector<Frame> frames;
  for (const std::string &f : functions) {
    Frame frame;
    frame.function = f;
    frames.push_back(frame);
  }
  return frames;
}
} // namespace

TEST(AtenOps, StructNamesReadAsSchemaNames) {
  EXPECT_EQ(atenOpName("nonzero"), "aten::nonzero");
  EXPECT_EQ(atenOpName("index_Tensor"), "aten::index.Tensor");
  EXPECT_EQ(atenOpName("to_dtype_layout"), "aten::to.dtype_layout");
  EXPECT_EQ(atenOpName("copy_"), "aten::copy_");
  EXPECT_EQ(atenOpName("index_put_"), "aten::index_put_");
  EXPECT_EQ(atenOpName("_local_scalar_dense"), "aten::_local_scalar_dense");
  EXPECT_EQ(atenOpName("masked_select"), "aten::masked_select");
  EXPECT_EQ(atenOpName("max_dim"), "aten::max.dim");
  EXPECT_EQ(atenOpName("add_Scalar_out"), "aten::add.Scalar_out");
}

TEST(AtenOps, InnermostFirstEachOnceWithTheCallerInTheLabel) {
  std::vector<Frame> mask = framesNamed({
      "cudaStreamSynchronize",
      "at::native::nonzero_cuda(at::Tensor const&)",
      "at::_ops::nonzero::redispatch(c10::DispatchKeySet, at::Tensor const&)",
      "at::_ops::nonzero::call(at::Tensor const&)",
      "at::native::index(at::Tensor const&, c10::List<std::optional<at::Tensor> > const&)",
      "at::_ops::index_Tensor::redispatch(c10::DispatchKeySet, at::Tensor const&, "
      "c10::List<std::optional<at::Tensor> > const&)",
      "at::_ops::index_Tensor::call(at::Tensor const&, c10::List<std::optional<at::Tensor> > "
      "const&)",
      "torch::autograd::THPVariable_getitem(_object*, _object*)",
      "_PyEval_EvalFrameDefault",
  });
  std::vector<std::string> ops = atenOpsOf(mask);
  ASSERT_EQ(ops.size(), 2u);
  EXPECT_EQ(ops[0], "aten::nonzero");
  EXPECT_EQ(ops[1], "aten::index.Tensor");
  EXPECT_EQ(opLabel(ops), "aten::nonzero (in aten::index.Tensor)");
  EXPECT_EQ(opLabel({"aten::nonzero"}), "aten::nonzero");
  EXPECT_EQ(opLabel({}), "");
  // A user's function that merely mentions an op is no entry into the dispatcher.
  EXPECT_TRUE(atenOpsOf(framesNamed({"my::_ops::nonzero::caller()", "train_step()"})).empty());
}

TEST(PythonFrames, TheUsersFrameIsTheFirstOutsideTheLibraries) {
  EXPECT_TRUE(isLibraryPythonFile("/opt/v/lib/python3.12/site-packages/torch/_tensor.py"));
  EXPECT_TRUE(isLibraryPythonFile("/usr/lib/python3/dist-packages/numpy/core/numeric.py"));
  EXPECT_TRUE(isLibraryPythonFile("/usr/lib/python3.12/threading.py"));
  EXPECT_TRUE(isLibraryPythonFile("<frozen runpy>"));
  EXPECT_TRUE(isLibraryPythonFile(""));
  EXPECT_FALSE(isLibraryPythonFile("train.py"));
  EXPECT_FALSE(isLibraryPythonFile("/srv/me/lib/python3.12-notes/train.py"));
  EXPECT_FALSE(isLibraryPythonFile("/srv/me/project/lib/model.py"));
  std::vector<PythonFrame> frames = {{"/usr/lib/python3.12/threading.py", "Thread.run", 1010},
                                     {"/srv/job/train.py", "step", 42},
                                     {"/srv/job/train.py", "<module>", 90}};
  ASSERT_EQ(firstUserPythonFrame(frames), 1);
  EXPECT_EQ(pythonSiteLabel(frames[1]), "/srv/job/train.py:42 (step)");
  EXPECT_EQ(firstUserPythonFrame({frames[0]}), -1);
}
