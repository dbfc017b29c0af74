// LibTorch's data pipeline, as types: a data loader's type names the dataset it reads
// (StatelessDataLoader<MapDataset<MapDataset<MyDataset, Normalize<>>, Stack<>>, Sampler>),
// and the dataset's get() says where its examples are. The transforms between (Normalize,
// Stack, Lambda) keep the device, so a batch is where the source dataset's examples are.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/StmtCXX.h"

namespace hostsync {

// The source dataset of a loader, a dataset wrapper or a pointer to one (through
// unique_ptr, shared_ptr, MapDataset, SharedBatchDataset): the innermost class that derives
// from torch::data::datasets::BatchDataset. Null when T is none of those.
const clang::CXXRecordDecl *sourceDataset(clang::QualType T);

// The method that makes one example (get) or one batch (get_batch) of a dataset class,
// declared in it or in a base; null when it has none.
const clang::CXXMethodDecl *exampleMaker(const clang::CXXRecordDecl *Dataset);

// A torch::data::Example (data, target): its members are where the example is.
bool isExampleType(clang::QualType T);

// The range-for statement whose loop variable V is, or null.
const clang::CXXForRangeStmt *rangeForOf(clang::ASTContext &Ctx, const clang::VarDecl *V);

} // namespace hostsync
