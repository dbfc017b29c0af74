// The one walk of a translation unit (analyzer/analysis/TUIndex.h), over small programs
// parsed by Clang: each record it keeps, and what it leaves out.
#include "analysis/TUIndex.h"
#include "core/RunRules.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

using namespace clang;
using namespace hostsync;

namespace {
struct Indexed {
  std::unique_ptr<ASTUnit> AST;
  std::unique_ptr<TUIndex> Index;
  ASTContext &ctx() { return AST->getASTContext(); }
};

Indexed indexOf(const std::string &Code, const std::string &File = "input.cc") {
  Indexed I;
  I.AST = tooling::buildASTFromCodeWithArgs(Code, {"-std=c++17"}, File);
  EXPECT_TRUE(I.AST) << "did not parse";
  EXPECT_FALSE(I.AST->getDiagnostics().hasErrorOccurred()) << "errors in the test's code";
  I.Index = std::make_unique<TUIndex>(I.ctx(), userDecls(I.ctx()));
  return I;
}

const FunctionDecl *function(Indexed &I, const std::string &Name) {
  for (Decl *D : I.ctx().getTranslationUnitDecl()->decls()) {
    if (const auto *F = dyn_cast<FunctionDecl>(D); F && F->getNameAsString() == Name)
      return F->getDefinition() ? F->getDefinition() : F;
    if (const auto *T = dyn_cast<FunctionTemplateDecl>(D); T && T->getNameAsString() == Name)
      return T->getTemplatedDecl();
  }
  ADD_FAILURE() << "no function " << Name;
  return nullptr;
}

const VarDecl *variable(Indexed &I, const std::string &Name) {
  using namespace clang::ast_matchers;
  auto Found = match(varDecl(hasName(Name)).bind("v"), I.ctx());
  EXPECT_EQ(Found.size(), 1u) << Name;
  return Found.empty() ? nullptr : Found[0].getNodeAs<VarDecl>("v");
}

std::string name(const FunctionDecl *F) { return F ? F->getNameAsString() : "<none>"; }

// The records of calls of Callee, as "caller:loop:period:instantiation".
std::vector<std::string> callsOf(Indexed &I, const std::string &Callee) {
  std::vector<std::string> Out;
  for (const CallRecord &R : I.Index->calls())
    if (R.Callee && name(R.Callee) == Callee)
      Out.push_back(name(R.Caller) + ":" + (R.InLoop ? "loop" : "-") + ":" +
                    (R.Period ? "period" : "-") + ":" + (R.InInstantiation ? "inst" : "-"));
  return Out;
}
} // namespace

TEST(TUIndex, CallsKeepTheirLoopAndPeriodicGuard) {
  Indexed I = indexOf(R"(
    int g();
    int log_every();
    int once = g();                       // outside any body
    void f(int n) {
      g();
      for (int i = 0; i < n; ++i) {
        g();
        if (i % 100 == 0) log_every();
      }
      while (n--) {
        if (n % 10 != 0) continue;
        log_every();
      }
      auto L = [] { return g(); };        // a lambda defined outside a loop
      for (int i = 0; i < n; ++i) {
        auto M = [] { return g(); };      // ... and inside one: it runs there
        M();
      }
    })");
  EXPECT_EQ(callsOf(I, "g"), (std::vector<std::string>{"<none>:-:-:-", "f:-:-:-", "f:loop:-:-",
                                                       "operator():-:-:-", "operator():-:-:-"}));
  EXPECT_EQ(callsOf(I, "log_every"),
            (std::vector<std::string>{"f:loop:period:-", "f:loop:period:-"}));
  // The edge from f to the lambda defined in its loop (no call site: it runs there).
  int LambdaEdges = 0;
  for (const CallRecord &R : I.Index->calls())
    LambdaEdges += !R.Site && R.InLoop && name(R.Caller) == "f" && name(R.Callee) == "operator()";
  EXPECT_EQ(LambdaEdges, 1);
}

TEST(TUIndex, InstantiationsAreWalkedAndMarked) {
  Indexed I = indexOf(R"(
    int g();
    template <class T> int t(T x) { return g() + x; }
    int use() { return t(1) + t(2.0); }
  )");
  // The written template's call, then one per instantiation (int, double).
  EXPECT_EQ(callsOf(I, "g"), (std::vector<std::string>{"t:-:-:-", "t:-:-:inst", "t:-:-:inst"}));
  // Bodies are the written, non-dependent functions: use(), not the template or its copies.
  std::vector<std::string> Bodies;
  for (const FunctionDecl *F : I.Index->bodies())
    Bodies.push_back(name(F));
  EXPECT_EQ(Bodies, std::vector<std::string>{"use"});
}

TEST(TUIndex, AddressTakenIsAReferenceThatIsNotACallee) {
  Indexed I = indexOf(R"(
    int called();
    int pointed();
    int (*p)() = &pointed;
    int use() { return called(); }
  )");
  EXPECT_TRUE(I.Index->addressTaken().count(function(I, "pointed")->getCanonicalDecl()));
  EXPECT_FALSE(I.Index->addressTaken().count(function(I, "called")->getCanonicalDecl()));
}

TEST(TUIndex, ReturnsAreAFunctionsOwnNotItsLambdas) {
  Indexed I = indexOf(R"(
    int declared();
    int twice(bool b) {
      auto L = [] { return 3; };
      if (b) return 1;
      return L();
    }
    void none() {}
  )");
  const std::vector<const Expr *> *R = I.Index->returnsOf(function(I, "twice"));
  ASSERT_TRUE(R);
  EXPECT_EQ(R->size(), 2u);
  ASSERT_TRUE(I.Index->returnsOf(function(I, "none")));
  EXPECT_TRUE(I.Index->returnsOf(function(I, "none"))->empty());
  EXPECT_EQ(I.Index->returnsOf(function(I, "declared")), nullptr); // no body walked
}

TEST(TUIndex, FieldStoresFromInitializersAndAssignmentsThroughThis) {
  Indexed I = indexOf(R"(
    struct S {
      int a = 1;
      int b;
      S() : b(2) {}
      void set(int v) { a = v; }
    };
  )");
  std::map<std::string, size_t> Stores;
  for (const auto &[F, Values] : I.Index->fieldStores())
    Stores[F->getNameAsString()] = Values.size();
  EXPECT_EQ(Stores, (std::map<std::string, size_t>{{"a", 2}, {"b", 1}}));
}

TEST(TUIndex, CudaEvidenceAndMain) {
  Indexed Cpu = indexOf("int main() { const char *d = \"cpu\"; return 0; }");
  EXPECT_FALSE(Cpu.Index->namesCuda());
  EXPECT_TRUE(Cpu.Index->definesMain());
  Indexed Cuda = indexOf("int main() { const char *d = \"cuda:0\"; return 0; }");
  EXPECT_TRUE(Cuda.Index->namesCuda());
  Indexed Library = indexOf("void f() {}");
  EXPECT_FALSE(Library.Index->definesMain());
}

TEST(TUIndex, ContainerStoresOfEveryVariableInTheOneWalk) {
  Indexed I = indexOf(R"(
    struct Box { int n; };
    void fill(Box &b);
    void look(const Box &b);
    void fill_int(int &x);
    void f(Box box, Box other) {
      fill(box);          // handed to a function that may store into it
      look(other);        // a const reference: not
      Box &alias = other; // another name for what it holds
      int arr[3];
      for (int &x : arr)  // an element, by reference
        fill_int(x);
      Box untouched;
      (void)alias;
      (void)untouched;
    }
  )");
  const ContainerStores *Box = I.Index->containerStores(variable(I, "box"));
  ASSERT_NE(Box, nullptr);
  ASSERT_EQ(Box->PassedOn.size(), 1u);
  EXPECT_EQ(name(Box->PassedOn[0].Callee), "fill");
  EXPECT_EQ(Box->PassedOn[0].Param, 0u);
  EXPECT_TRUE(Box->UnknownWhy.empty());
  const ContainerStores *Other = I.Index->containerStores(variable(I, "other"));
  ASSERT_NE(Other, nullptr);
  EXPECT_TRUE(Other->PassedOn.empty());
  EXPECT_EQ(Other->UnknownWhy, "`alias`, which refers to its elements");
  const ContainerStores *Arr = I.Index->containerStores(variable(I, "arr"));
  ASSERT_NE(Arr, nullptr); // through its element x
  ASSERT_EQ(Arr->PassedOn.size(), 1u);
  EXPECT_EQ(name(Arr->PassedOn[0].Callee), "fill_int");
  // A variable of a walked function with no store: an empty record. A parameter of a
  // function with no body here: none (storesInBody's case).
  const ContainerStores *Untouched = I.Index->containerStores(variable(I, "untouched"));
  ASSERT_NE(Untouched, nullptr);
  EXPECT_TRUE(Untouched->Values.empty() && Untouched->PassedOn.empty() &&
              Untouched->UnknownWhy.empty());
  EXPECT_EQ(I.Index->containerStores(function(I, "fill")->getParamDecl(0)), nullptr);
}
