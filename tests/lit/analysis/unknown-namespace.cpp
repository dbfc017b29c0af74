// A library that is not installed (OpenCV here, missing from most LibTorch repositories'
// CI) leaves its namespace undeclared: every declaration that names one of its types is
// invalid, so the class below loses its member functions, and the out-of-line bodies,
// where the syncs are, are lost with them. hostsync-lint parses the file again with the
// names the text qualifies by that namespace declared as stand-ins (a type that any
// arguments construct, whose members are the names the text reads, and constants for
// capitalized names): the declarations and the statements that only pass images around
// become valid, and the tensors' syncs are found.
// RUN: %lint --checks='-*,hostsync-item,hostsync-host-to-device-copy' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below: an extra one fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}9{{$}}
#include <opencv2/opencv.hpp>

namespace vision {
class Aligner {
public:
  void match(cv::Mat &left, std::vector<cv::Point2i> &points);
  cv::Mat draw(const cv::Mat &image, const std::vector<cv::Point2i> &points);

private:
  torch::Device device_{torch::kCUDA};
};

void Aligner::match(cv::Mat &left, std::vector<cv::Point2i> &points) {
  cv::Mat gray;
  cv::cvtColor(left, gray, cv::COLOR_BGR2GRAY);
  auto input = torch::from_blob(gray.data, {1, 1, gray.rows * 1, gray.cols}, torch::kFloat32)
                   .to(device_);
  // CHECK-DAG: unknown-namespace.cpp:[[@LINE-1]]:21: warning: {{.*}}[hostsync-host-to-device-copy]
  auto keypoints = std::get<1>(input.flatten(1).topk(4));
  for (int64_t i = 0; i < keypoints.size(1); ++i)
    points.push_back(cv::Point2i(keypoints[0][i].item<int>(), 0));
  // CHECK-DAG: unknown-namespace.cpp:[[@LINE-1]]:50: warning: 'item' copies a value of a CUDA tensor{{.*}}[hostsync-item]
}

// What only draws with the library, and a tensor that stays on the CPU: nothing to report.
cv::Mat Aligner::draw(const cv::Mat &image, const std::vector<cv::Point2i> &points) {
  cv::Mat out = image.clone();
  auto counts = torch::zeros({2});
  for (const auto &p : points)
    cv::circle(out, p, int(counts[0].item<float>()), cv::Scalar(0, 255, 0));
  return out;
}
} // namespace vision

// A name of a namespace the code declares itself is not a stand-in's: `torch::nn` reached
// through a using-directive stays LibTorch's. The using-directive of the unknown namespace,
// which the first parse ignored, stays ignored: `max` is std's, not ambiguous with cv's.
using namespace std;
using namespace cv;
using namespace torch;
float step(nn::Linear &fc) {
  return fc->forward(torch::ones({2, 4}, kCUDA)).sum().item<float>();
  // CHECK-DAG: unknown-namespace.cpp:[[@LINE-1]]:56: warning: 'item'{{.*}}[hostsync-item]
}

float larger(const Tensor &a, const Tensor &b) {
  return max(a.item<float>(), b.item<float>());
  // CHECK-DAG: unknown-namespace.cpp:[[@LINE-1]]:16: warning: 'item'{{.*}}[hostsync-item]
  // CHECK-DAG: unknown-namespace.cpp:[[@LINE-2]]:33: warning: 'item'{{.*}}[hostsync-item]
}
void clamp_image(const cv::Mat &m, cv::Mat &o) { cv::max(m, 0, o); }

// Stand-ins combine with each other (`a.rows == b.rows`, `img.rows * img.cols`); a class
// spelled in capitals is a class where it declares or is a template argument; a function
// called with one name does not declare it; a global read inside a class derived from a
// stand-in is still the global.
torch::Device gpu(torch::kCUDA);
class Enhancer {
  cv::Ptr<cv::CLAHE> clahe_ = cv::createCLAHE();
  cv::Ptr<cv::ORB> orb_ = cv::ORB::create();

public:
  float contrast(cv::Mat &a, cv::Mat &b, int threads) {
    cv::setNumThreads(threads);
    bool same = a.rows == b.rows;
    auto t = torch::from_blob(a.data, {a.rows * a.cols}, torch::kByte).to(gpu);
    // CHECK-DAG: unknown-namespace.cpp:[[@LINE-1]]:72: warning: {{.*}}[hostsync-host-to-device-copy]
    return same ? t.sum().item<float>() * threads : 0.f;
    // CHECK-DAG: unknown-namespace.cpp:[[@LINE-1]]:27: warning: 'item'{{.*}}[hostsync-item]
  }
};
struct Body : cv::ParallelLoopBody {
  void operator()(const cv::Range &r) const override {
    float s = torch::ones({4}).to(gpu).sum().item<float>();
    // CHECK-DAG: unknown-namespace.cpp:[[@LINE-1]]:32: warning: {{.*}}[hostsync-host-to-device-copy]
    // CHECK-DAG: unknown-namespace.cpp:[[@LINE-2]]:46: warning: 'item'{{.*}}[hostsync-item]
  }
};
